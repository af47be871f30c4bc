import { onPostgres } from '../test-support/test-store';

// The tests of decision-totals.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./decision-totals.test?postgres'));
