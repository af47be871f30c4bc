import { onPostgres } from '../test-support/test-store';

// The tests of live-replicas.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./live-replicas.test?postgres'));
