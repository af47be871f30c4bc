import { onPostgres } from '../test-support/test-store';

// The tests of lease.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./lease.test?postgres'));
