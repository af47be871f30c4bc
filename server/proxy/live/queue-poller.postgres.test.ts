import { onPostgres } from '../test-support/test-store';

// The tests of queue-poller.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./queue-poller.test?postgres'));
