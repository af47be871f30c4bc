import { onPostgres } from '../test-support/test-store';

// The tests of console-routes.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./console-routes.test?postgres'));
