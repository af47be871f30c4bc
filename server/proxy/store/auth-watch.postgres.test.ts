import { onPostgres } from '../test-support/test-store';

// The tests of auth-watch.test.ts, which are PostgreSQL's alone.
await onPostgres(() => import('./auth-watch.test?postgres'));
