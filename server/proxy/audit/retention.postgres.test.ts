import { onPostgres } from '../test-support/test-store';

// The tests of retention.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./retention.test?postgres'));
