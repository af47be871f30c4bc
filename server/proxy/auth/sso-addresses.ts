import { paths } from '../../../src/config/paths';
import { safeNext } from '../../../src/utils/safe-next';
import type { AppContext, Runtime } from '../context';

// The addresses of single sign-on: where the provider sends the browser back, where it goes after
// signing in, and the provider's sign-out page.

/** Only a path of this console's pages, never another origin (`//host`) or its APIs. */
export function safeReturnTo(value: string | undefined): string {
  const next = safeNext(value ?? null);
  return /^\/(auth|api|console)(\/|$)/.test(next) ? '/' : next;
}

/** Where the provider sends the browser back: the console's public address, else the request's. */
export const callbackUri = (rt: Runtime, c: AppContext) =>
  `${rt.deps.publicUrl ?? new URL(c.req.url).origin}/auth/sso/callback`;

/** The provider's sign-out page for a signing-out operator, back to the console's sign-in after. */
export async function providerSignOutUrl(rt: Runtime, c: AppContext): Promise<string | undefined> {
  if (!rt.sso) return undefined;
  const origin = rt.deps.publicUrl ?? new URL(c.req.url).origin;
  try {
    return (await rt.sso.client.signOutUrl(`${origin}${paths.signIn.path}`))?.href;
  } catch (error) {
    // The console session ends whatever the provider does.
    rt.deps.logger.warn({ reqId: c.get('requestId'), err: error }, 'provider sign-out unavailable');
    return undefined;
  }
}
