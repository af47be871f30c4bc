import { onPostgres } from '../test-support/test-store';

// The tests of insights-routes.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./insights-routes.test?postgres'));
