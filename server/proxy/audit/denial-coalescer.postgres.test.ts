import { onPostgres } from '../test-support/test-store';

// The tests of denial-coalescer.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./denial-coalescer.test?postgres'));
