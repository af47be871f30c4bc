import { onPostgres } from '../test-support/test-store';

// The tests of refusal-flood.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./refusal-flood.test?postgres'));
