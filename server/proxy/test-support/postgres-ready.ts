import { waitForTestPostgres } from './test-store';

// The server starts beside the first test files (postgres-setup.ts): each file of the `postgres`
// project waits for it here, before its tests and outside their time limits.
await waitForTestPostgres();
