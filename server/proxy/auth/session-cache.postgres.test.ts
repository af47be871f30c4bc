import { onPostgres } from '../test-support/test-store';

// The tests of session-cache.test.ts, on a PostgreSQL store shared by both servers.
await onPostgres(() => import('./session-cache.test?postgres'));
