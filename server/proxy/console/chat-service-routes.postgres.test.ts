import { onPostgres } from '../test-support/test-store';

// The tests of chat-service-routes.test.ts, on a PostgreSQL store.
await onPostgres(() => import('./chat-service-routes.test?postgres'));
