import { onPostgres } from '../test-support/test-store';

// The tests of metrics.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./metrics.test?postgres'));
