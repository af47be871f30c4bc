import { onPostgres } from '../test-support/test-store';

// The tests of store.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./store.test?postgres'));
