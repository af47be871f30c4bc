import type { AppContext, Runtime } from '../context';
import { clientAddress } from '../http/guards';
import { recordSignIn } from './operators';
import { readSessionToken, setSessionCookie } from './session-cookie';
import { createSession, deleteSessionByToken, resolveSession } from './sessions';

/**
 * Signs an operator in on this browser, whichever way they proved who they are (password,
 * one-time link, single sign-on): a new token at every sign-in, and the one the browser held
 * before is ended.
 */
export async function startSession(rt: Runtime, c: AppContext, operatorId: number) {
  const { store } = rt.deps;
  const previous = readSessionToken(rt, c);
  if (previous) await deleteSessionByToken(store, previous);
  const token = await createSession(store, operatorId, rt.now(), {
    userAgent: c.req.header('user-agent'),
    address: clientAddress(c, rt.deps.trustedProxies),
  });
  await recordSignIn(store, operatorId, rt.now());
  setSessionCookie(rt, c, token);
  const session = await resolveSession(store, token, rt.now());
  c.set('session', session);
  return session;
}
