import { onPostgres } from '../test-support/test-store';

// The tests of decision-reads.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./decision-reads.test?postgres'));
