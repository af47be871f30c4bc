import { onPostgres } from '../test-support/test-store';

// The tests of operator-security.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./operator-security.test?postgres'));
