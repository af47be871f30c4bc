import { onPostgres } from '../test-support/test-store';

// The tests of emulator-wiring.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./emulator-wiring.test?postgres'));
