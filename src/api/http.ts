import { ApiError } from './api-error';
import { sessionGate } from './session-gate';

/**
 * What the transport needs of a response schema: zod's own `safeParse` (classic and mini schemas both
 * have it). Calling the method keeps zod itself out of the first load: the schemas arrive with the
 * pages that use them.
 */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { message: string }[] } };
}

export type QueryValue =
  string | number | boolean | undefined | null | readonly (string | number)[];

export interface RequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal | undefined;
  /**
   * Writes only: the `Idempotency-Key` of this intent. Pass the same key to send the same intent
   * again (a retry); without one, each call is a new intent with a new key.
   */
  idempotencyKey?: string | undefined;
}

/**
 * A new `Idempotency-Key`: 128 random bits in hex. `crypto.getRandomValues` also works where
 * `randomUUID` does not (a console served over plain http on a private address).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How a request leaves: `fetch`, or what the console server answers it with when it draws a page. */
export type Transport = (url: string, init: globalThis.RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Sends every request of this module through `next` instead of `fetch`. The console server does this
 * once, in its own process, to answer a page's first reads itself (src/app/first-paint.tsx); the
 * browser never calls it.
 */
export function sendRequestsThrough(next: Transport): void {
  transport = next;
}

function buildUrl(url: string, query: RequestInit['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  const full = search ? `${url}?${search}` : url;
  // Relative in the browser (same origin); absolute where there is no document base (tests).
  return typeof window === 'undefined' ? full : new URL(full, window.location.origin).toString();
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy error page, say): fall through to the generic error below.
  }
  // Only failures need the envelope's schema, so it loads on the first one.
  const { errorBodySchema } = await import('./schemas/error-body');
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details = {} } = parsed.data.error;
    const fields: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details))
      if (Array.isArray(value)) fields[name] = value;
    const outcome =
      details.outcome === 'failed' || details.outcome === 'unknown' ? details.outcome : undefined;
    return new ApiError({
      status: response.status,
      code,
      message,
      details: parsed.data.error.details === undefined ? undefined : fields,
      retryAfter,
      outcome,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: response.statusText || `Request failed with status ${response.status}`,
    retryAfter,
  });
}

async function readJson(response: Response, tolerant: boolean): Promise<unknown> {
  if (!tolerant) return response.json();
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one transport of the app: same-origin JSON over fetch. Every 2xx body is parsed with `schema`
 * (a response that does not match is an error, never a lie), every other status becomes an ApiError;
 * a 401 after the page had a session waits for a sign-in and is sent again (`session-gate.ts`).
 * With `tolerant: true` (writes to the chat service) any 2xx is success: a body that does not match
 * resolves to `undefined` instead of failing what the service did (the console server logs the
 * mismatch). `schema` may still be loading (a dynamic import): the request does not wait for it.
 */
export async function request<T>(
  url: string,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  init: RequestInit & { tolerant: true },
): Promise<T | undefined>;
export async function request<T>(
  url: string,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  init?: RequestInit,
): Promise<T>;
export async function request<T>(
  url: string,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  init: RequestInit & { tolerant?: boolean } = {},
): Promise<T | undefined> {
  const headers = new Headers({
    accept: 'application/json',
    'x-requested-with': 'chat-admin-console',
  });
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  const method = init.method ?? 'GET';
  // The console server answers a repeat of the same key with the first outcome (decision 0023).
  if (method !== 'GET') headers.set('idempotency-key', init.idempotencyKey ?? newIdempotencyKey());
  let body: string | undefined;
  if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await transport(buildUrl(url, init.query), {
      method,
      headers,
      body,
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'The console server could not be reached.',
    });
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status !== 401) throw error;
    // The session ended while the page was open: held until signed in again, then sent again.
    await sessionGate.waitForSignIn(error, (init.method ?? 'GET') !== 'GET', init.signal);
    return request(url, schema, init);
  }
  const json: unknown =
    response.status === 204 ? {} : await readJson(response, init.tolerant === true);
  const parsed = (await schema).safeParse(json);
  if (!parsed.success) {
    if (init.tolerant) return undefined;
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `Unexpected response from ${url}: ${parsed.error.issues[0]?.message ?? 'invalid shape'}`,
    });
  }
  return parsed.data;
}
