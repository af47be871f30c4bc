import { onPostgres } from '../test-support/test-store';

// The tests of queue-samples.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./queue-samples.test?postgres'));
