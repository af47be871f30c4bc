import { onPostgres } from '../test-support/test-store';

// The tests of audit-export.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./audit-export.test?postgres'));
