import { onPostgres } from '../test-support/test-store';

// The tests of route-roles.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./route-roles.test?postgres'));
