import { onPostgres } from '../test-support/test-store';

// The tests of reported-permissions.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./reported-permissions.test?postgres'));
