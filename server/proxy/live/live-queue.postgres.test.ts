import { onPostgres } from '../test-support/test-store';

// The tests of live-queue.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./live-queue.test?postgres'));
