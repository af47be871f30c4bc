import { onPostgres } from '../test-support/test-store';

// The tests of read-path.test.ts, on a PostgreSQL store: sessions confirmed by the auth version.
await onPostgres(() => import('./read-path.test?postgres'));
