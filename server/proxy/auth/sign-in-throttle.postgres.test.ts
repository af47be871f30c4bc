import { onPostgres } from '../test-support/test-store';

// The tests of sign-in-throttle.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./sign-in-throttle.test?postgres'));
