import { onPostgres } from '../test-support/test-store';

// The tests of audited-write.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./audited-write.test?postgres'));
