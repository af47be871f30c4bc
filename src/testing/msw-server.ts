import { setupServer } from 'msw/node';

/** The one MSW server of the jsdom test project; `installTestBackend` gives it handlers per test. */
export const mswServer = setupServer();
