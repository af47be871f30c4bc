import { onPostgres } from '../test-support/test-store';

// The tests of decision-conflict.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./decision-conflict.test?postgres'));
