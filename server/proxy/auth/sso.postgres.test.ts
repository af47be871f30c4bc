import { onPostgres } from '../test-support/test-store';

// The tests of sso.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./sso.test?postgres'));
