import { onPostgres } from '../test-support/test-store';

// The tests of moderation-wiring.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./moderation-wiring.test?postgres'));
