import { onPostgres } from '../test-support/test-store';

// The tests of claims.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./claims.test?postgres'));
