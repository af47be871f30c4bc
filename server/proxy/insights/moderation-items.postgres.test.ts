import { onPostgres } from '../test-support/test-store';

// The tests of moderation-items.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./moderation-items.test?postgres'));
