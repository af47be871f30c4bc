import { onPostgres } from '../test-support/test-store';

// The tests of rate-buckets.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./rate-buckets.test?postgres'));
