import { onPostgres } from '../test-support/test-store';

// The tests of idempotency.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./idempotency.test?postgres'));
