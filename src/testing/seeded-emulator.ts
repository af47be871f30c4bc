import { createEmulatorApp } from '../../server/emulator/app';
import { openSeededStore } from '../../server/emulator/test-stores';
import { fetchHandlerForward, type ForwardFn } from '../../server/proxy/api/forward';

export const emulatorApiKey = 'test-key';

export interface RecordedRequest {
  method: string;
  /** The path the chat service received, without `/v3`, with its query. */
  path: string;
  body: unknown;
}

/**
 * The emulator (strict, as the real service: undocumented parameters are refused) on a fresh seeded
 * store. `forward` is the console server's way to it, recording each call in `requests`
 * (`forwardUnrecorded` does not); `call`
 * reaches it directly with the key, unrecorded, to stage or read state.
 */
export function createSeededEmulator() {
  const store = openSeededStore();
  // With its test controls, so a test can make the service fail a call (`fault`).
  const app = createEmulatorApp({ store, apiKey: emulatorApiKey, admin: true });
  const requests: RecordedRequest[] = [];
  /** The headers of each recorded request, in the same order (names lower-case). */
  const headers: Record<string, string>[] = [];
  const toEmulator = fetchHandlerForward((req) => app.fetch(req));
  const forward: ForwardFn = (req) => {
    const url = new URL(req.url);
    const body: unknown = req.body ? JSON.parse(req.body) : undefined;
    requests.push({
      method: req.method,
      path: url.pathname.replace(/^\/v3/, '') + url.search,
      body,
    });
    headers.push(
      Object.fromEntries(Object.entries(req.headers).map(([name, v]) => [name.toLowerCase(), v])),
    );
    return toEmulator(req);
  };
  const call = async (method: string, path: string, body?: unknown): Promise<Response> =>
    app.request(`/v3${path}`, {
      method,
      headers: {
        apikey: emulatorApiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Makes the service answer the next `count` calls of `method` on `path` with `status`. */
  const fault = async (queued: {
    method: string;
    path: string;
    status: number;
    count?: number;
  }) => {
    const res = await app.request('/__emulator/faults', {
      method: 'POST',
      headers: { apikey: emulatorApiKey, 'content-type': 'application/json' },
      body: JSON.stringify(queued),
    });
    if (res.status !== 200) throw new Error(`fault not queued: ${res.status} ${await res.text()}`);
  };
  return { store, app, requests, headers, forward, forwardUnrecorded: toEmulator, call, fault };
}
