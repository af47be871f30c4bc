import { onPostgres } from '../test-support/test-store';

// The tests of figures.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./figures.test?postgres'));
