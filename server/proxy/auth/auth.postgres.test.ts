import { onPostgres } from '../test-support/test-store';

// The tests of auth.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./auth.test?postgres'));
