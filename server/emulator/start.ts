import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createEmulatorApp } from './app';
import { isStoreEmpty, resetStore, seedDemo, seedLarge } from './seed';
import { startBlockedArrivals } from './seed/arrivals';
import { openStore, type EmulatorStore } from './store';

export interface StartEmulatorOptions {
  port: number;
  host?: string;
  dataDir: string;
  apiKey: string;
  /** Wipe the store before starting (then seed). */
  reset?: boolean;
  /** Seed this set: `demo` (the default when the store is empty) or `large` (demo plus scale data). */
  seed?: 'demo' | 'large';
  admin?: boolean;
  rateLimitPerMinute?: number;
  /** Strict mode (see `createEmulatorApp`). Unset: `EMULATOR_STRICT` decides, on unless it is `0`. */
  strict?: boolean;
  /** For demos: a new blocked message arrives every this many seconds; off when unset or 0. */
  arrivalSeconds?: number;
  /** The clock the demo data is dated by (ms since the epoch); `Date.now` unless given. */
  now?: () => number;
}

/**
 * `EMULATOR_STRICT`: `0`/`false` turns strict mode off, unset/`1`/`true` keeps it on. Read here
 * because `npm start` (server/main.ts) starts the emulator without naming the option.
 */
export function strictFromEnv(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`EMULATOR_STRICT must be 0 or 1 (got ${JSON.stringify(value)}).`);
}

export interface RunningEmulator {
  /** Base URL including the version prefix, e.g. http://127.0.0.1:8090/v3 */
  url: string;
  store: EmulatorStore;
  /** The demo data was seeded by this start (the store was empty, or reset): dated from now. */
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * Opens `<dataDir>/chat.sqlite` under the single-writer lock, seeds it when empty (or after reset),
 * and serves the emulator on 127.0.0.1. `port: 0` picks a free port.
 */
export async function startEmulator(opts: StartEmulatorOptions): Promise<RunningEmulator> {
  const strict = opts.strict ?? strictFromEnv(process.env.EMULATOR_STRICT);
  mkdirSync(opts.dataDir, { recursive: true });
  const store = openStore({ file: join(opts.dataDir, 'chat.sqlite'), lock: true });
  let seeded = false;
  try {
    if (opts.reset) resetStore(store);
    seeded = isStoreEmpty(store);
    const at = Math.floor((opts.now ?? Date.now)() / 1000);
    if (opts.seed === 'large') seedLarge(store, at);
    else if (seeded) seedDemo(store, at);
  } catch (error) {
    store.close();
    throw error;
  }

  const app = createEmulatorApp({
    store,
    apiKey: opts.apiKey,
    admin: opts.admin,
    rateLimitPerMinute: opts.rateLimitPerMinute,
    strict,
  });
  const host = opts.host ?? '127.0.0.1';
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve, reject) => {
      const server = serve({ fetch: app.fetch, hostname: host, port: opts.port }, (info) =>
        resolve({ server, port: info.port }),
      );
      server.once('error', (error: Error) => {
        store.close();
        reject(error);
      });
    },
  );

  const arrivals = opts.arrivalSeconds
    ? startBlockedArrivals(store, { everyMs: opts.arrivalSeconds * 1000 })
    : undefined;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}/v3`,
    store,
    seeded,
    close() {
      closing ??= new Promise<void>((resolve) => {
        arrivals?.stop();
        server.close(() => {
          store.close();
          resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      return closing;
    },
  };
}
