import { z } from 'zod';

/**
 * The one import of zod for the browser app. The console's Content-Security-Policy forbids `eval`, so
 * in a browser zod must never probe for it (the caught `new Function` is still reported as a CSP
 * violation on every page load); on the server the compiled fast path stays on.
 */
z.config({ jitless: typeof document !== 'undefined' });

export { z };
