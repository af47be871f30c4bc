import { onPostgres } from '../test-support/test-store';

// The tests of flagged-live.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./flagged-live.test?postgres'));
