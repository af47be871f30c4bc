import { onPostgres } from '../proxy/test-support/test-store';

// The tests of console-history.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./console-history.test?postgres'));
