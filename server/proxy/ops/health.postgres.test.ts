import { onPostgres } from '../test-support/test-store';

// The tests of health.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./health.test?postgres'));
