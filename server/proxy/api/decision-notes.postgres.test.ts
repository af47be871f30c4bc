import { onPostgres } from '../test-support/test-store';

// The tests of decision-notes.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./decision-notes.test?postgres'));
