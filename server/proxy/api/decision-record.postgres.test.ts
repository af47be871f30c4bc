import { onPostgres } from '../test-support/test-store';

// The tests of decision-record.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./decision-record.test?postgres'));
