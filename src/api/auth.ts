import { request } from './http';
import { sessionGate } from './session-gate';
import type { ChangePasswordBody, LoginBody, Session } from './schemas/session';

// The session schemas load beside the request, not before it: the check at boot never waits for zod.
const schemas = () => import('./schemas/session');

/** Tells the session gate who is signed in, so calls held by an ended session go on. */
const noted = <T extends { username: string }>(session: T): T => {
  sessionGate.signedIn(session.username);
  return session;
};

export const getSession = (signal?: AbortSignal) =>
  request(
    '/auth/me',
    schemas().then((s) => s.sessionSchema),
    { signal },
  ).then(noted);

/**
 * The session the console server wrote into the page's HTML, parsed like the answer of `/auth/me`:
 * the operator, or null when nobody is signed in. Undefined when the page does not say (the console
 * could not tell); a session the schema refuses is asked for again.
 */
export function sessionFromPage(doc: Document): Promise<Session | null> | undefined {
  const text = doc.getElementById('console-session')?.textContent;
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null) return Promise.resolve(null);
  return schemas().then((s) => {
    const parsed = s.sessionSchema.safeParse(value);
    return parsed.success ? noted(parsed.data) : getSession();
  });
}

export const signIn = (body: LoginBody) =>
  request(
    '/auth/login',
    schemas().then((s) => s.sessionSchema),
    { method: 'POST', body },
  ).then(noted);

export const signOut = () => {
  sessionGate.signedOut();
  return request(
    '/auth/logout',
    schemas().then((s) => s.signOutSchema),
    { method: 'POST', body: {} },
  );
};

export const getSignInMethods = (signal?: AbortSignal) =>
  request(
    '/auth/methods',
    schemas().then((s) => s.signInMethodsSchema),
    { signal },
  );

/** Sets the operator's own password; answers the session, no longer held to a change. */
export const changePassword = (body: ChangePasswordBody) =>
  request(
    '/auth/password',
    schemas().then((s) => s.sessionSchema),
    { method: 'POST', body },
  ).then(noted);
