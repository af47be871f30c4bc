import { onPostgres } from '../test-support/test-store';

// The tests of flag-conflict.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./flag-conflict.test?postgres'));
