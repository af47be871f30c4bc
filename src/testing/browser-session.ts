import type { Hono } from 'hono';

/** What a request handed to the console server looks like before the browser adds its own headers. */
export interface OutgoingRequest {
  method: string;
  /** Path and query, as the app asked for them. */
  target: string;
  headers: Headers;
  body: ArrayBuffer | undefined;
}

const safeMethods = new Set(['GET', 'HEAD']);

/**
 * What the browser adds to the app's same-origin calls to the console server: the `Host` of the
 * page, `Origin` on state-changing methods, `Sec-Fetch-Site: same-origin`, and the cookies it holds
 * (kept from each answer's `Set-Cookie`, as the console server's HttpOnly session cookie is).
 * Answers come back as the page's script sees them: without `Set-Cookie`.
 */
export function createBrowserSession(app: Pick<Hono, 'request'>, origin: string) {
  const jar = new Map<string, string>();
  const { host } = new URL(origin);

  const keepCookies = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
  };

  const send = async (req: OutgoingRequest): Promise<Response> => {
    const headers = new Headers(req.headers);
    headers.set('host', host);
    headers.set('sec-fetch-site', 'same-origin');
    if (!safeMethods.has(req.method)) headers.set('origin', origin);
    headers.delete('cookie');
    if (jar.size > 0) headers.set('cookie', [...jar].map(([n, v]) => `${n}=${v}`).join('; '));
    const body = req.body && req.body.byteLength > 0 ? req.body : undefined;
    const res = await app.request(req.target, { method: req.method, headers, body });
    keepCookies(res.headers);
    const answer = new Headers(res.headers);
    answer.delete('set-cookie');
    // Read in full here: the answer is handed from Node's fetch classes to the page's.
    const bytes = await res.arrayBuffer();
    const empty = res.status === 204 || res.status === 304 || bytes.byteLength === 0;
    return new Response(empty ? null : bytes, { status: res.status, headers: answer });
  };

  return {
    send,
    /** A cookie the browser holds, by name. */
    cookie: (name: string) => jar.get(name),
  };
}

export type BrowserSession = ReturnType<typeof createBrowserSession>;

export interface ConsoleCallInit {
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call as the app's transport makes it (`src/api/http.ts`: JSON, its custom header), from this browser. */
export function appCall(
  browser: BrowserSession,
  method: string,
  path: string,
  init: ConsoleCallInit = {},
) {
  const headers = new Headers({
    accept: 'application/json',
    'x-requested-with': 'chat-admin-console',
    ...init.headers,
  });
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const body =
    init.body === undefined
      ? undefined
      : new TextEncoder().encode(JSON.stringify(init.body)).buffer;
  return browser.send({ method, target: path, headers, body });
}

/** Signs `username` in through `POST /auth/login` from this browser, which then holds the session. */
export async function signInAs(
  browser: BrowserSession,
  username: string,
  password: string,
): Promise<void> {
  const res = await appCall(browser, 'POST', '/auth/login', { body: { username, password } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
}
