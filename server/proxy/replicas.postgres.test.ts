import { onPostgres } from './test-support/test-store';

// The tests of replicas.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./replicas.test?postgres'));
