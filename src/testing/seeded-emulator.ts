import Database from 'better-sqlite3';
import { createEmulatorApp } from '../../server/emulator/app';
import { seedDemo } from '../../server/emulator/seed';
import { openStore, type EmulatorStore } from '../../server/emulator/store';
import { fetchHandlerForward, type ForwardFn } from '../../server/proxy/api/forward';

export const emulatorApiKey = 'test-key';

export interface RecordedRequest {
  method: string;
  /** The path the chat service received, without `/v3`, with its query. */
  path: string;
  body: unknown;
}

// Seeding the demo data takes ~30 ms; copying the seeded database takes ~0.1 ms. The seed is made
// once per test worker and every test gets its own copy, so tests still never share state.
let snapshot: Buffer | undefined;

function seededSnapshot(): Buffer {
  if (!snapshot) {
    const seeded = openStore({ file: ':memory:' });
    seedDemo(seeded);
    snapshot = seeded.db.serialize();
    seeded.close();
  }
  return snapshot;
}

/** A fresh in-memory emulator store holding the demo seed, with the pragmas `openStore` sets. */
export function openSeededStore(): EmulatorStore {
  const db = new Database(seededSnapshot());
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return {
    db,
    close: () => {
      if (db.open) db.close();
    },
  };
}

/**
 * The emulator (strict, as the real service: undocumented parameters are refused) on a fresh seeded
 * store. `forward` is the console server's way to it, recording each call in `requests`
 * (`forwardUnrecorded` does not); `call`
 * reaches it directly with the key, unrecorded, to stage or read state.
 */
export function createSeededEmulator() {
  const store = openSeededStore();
  const app = createEmulatorApp({ store, apiKey: emulatorApiKey });
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
  return { store, app, requests, headers, forward, forwardUnrecorded: toEmulator, call };
}
