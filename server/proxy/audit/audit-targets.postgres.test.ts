import { onPostgres } from '../test-support/test-store';

// The tests of audit-targets.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./audit-targets.test?postgres'));
