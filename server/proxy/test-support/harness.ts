import { Writable } from 'node:stream';
import { z } from 'zod';
import type { OperatorRole } from '../../../src/api/schemas/session';
import { createConsoleServer, type ProxyDeps, type ProxyTestHooks } from '../app';
import { createPoolForward, type UpstreamTimeouts } from '../api/forward';
import { createEmulatorApp } from '../../emulator/app';
import { openSeededStore } from '../../emulator/test-stores';
import { fetchHandlerForward } from '../api/forward';
import { createLogger } from '../http/logger';
import { addOperator } from '../auth/operators';
import { openTestStore } from './test-store';
import { startEchoUpstream, type Reply, type SeenRequest } from './echo-upstream';
import { testHashCost } from './hash-cost';

export const testHost = '127.0.0.1:8080';
export const testOrigin = `http://${testHost}`;
export const testPassword = 'correct horse battery staple';
export { testHashCost };

/** Captures pino lines in memory, so tests can read what would have been logged. */
export function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', stream }), lines };
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the same-origin headers the SPA always sends. */
  crossSite?: boolean;
  /** The client's address as the socket would report it (default: none, an in-process call). */
  client?: string;
}

/**
 * A console app on an in-memory store, wired to a recording upstream over a real undici Pool,
 * with a fake clock and one operator per role (admin, moderator, support).
 */
export async function createHarness(
  opts: {
    reply?: (req: SeenRequest) => Reply;
    deps?: Partial<ProxyDeps>;
    /** Test hooks beyond the harness's clock and hash cost (live timers, a provider client). */
    hooks?: Partial<ProxyTestHooks>;
    /** The pool's timeouts; short by default, so faults end quickly. */
    timeouts?: UpstreamTimeouts;
  } = {},
) {
  const upstream = await startEchoUpstream(opts.reply);
  const apiKey = `CANARY-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const store = await openTestStore();
  const clock = { now: Date.parse('2030-01-01T09:00:00Z') };
  const { logger, lines } = memoryLogger();
  const pool = createPoolForward(
    upstream.baseUrl,
    opts.timeouts ?? { connectMs: 500, headersMs: 300, bodyMs: 1000, totalMs: 1500 },
  );
  for (const role of ['admin', 'moderator', 'support'] as const) {
    await addOperator(
      store,
      { username: role, role, password: testPassword },
      { hashCost: testHashCost, now: clock.now },
    );
  }
  const newApp = () =>
    createConsoleServer(
      {
        store,
        upstream: { baseUrl: upstream.baseUrl, apiKey },
        forward: pool.forward,
        allowedHosts: [testHost],
        logger,
        ...opts.deps,
      },
      { now: () => clock.now, passwordHashCost: testHashCost, ...opts.hooks },
    );
  const { app, readPath } = newApp();

  const origin = `${opts.deps?.secure ? 'https' : 'http'}://${testHost}`;
  /** A call to `target` (this app, or a replica) as the SPA would make it. */
  const callOn = async (
    target: typeof app,
    method: string,
    path: string,
    o: CallOptions = {},
  ): Promise<Response> => {
    const headers: Record<string, string> = {
      host: testHost,
      ...(o.crossSite
        ? {}
        : { origin, 'x-requested-with': 'chat-admin-console', 'sec-fetch-site': 'same-origin' }),
    };
    if (o.cookie) headers.cookie = o.cookie;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const env =
      o.client === undefined ? undefined : { incoming: { socket: { remoteAddress: o.client } } };
    return target.request(path, { method, headers: { ...headers, ...o.headers }, body }, env);
  };
  const call = (method: string, path: string, o: CallOptions = {}) => callOn(app, method, path, o);

  /**
   * Another console server on the same store and upstream, as a second replica behind a load
   * balancer: nothing but the store is shared with `app`.
   */
  const replica = () => {
    const { app: other, readPath: otherReadPath } = newApp();
    return {
      app: other,
      readPath: otherReadPath,
      call: (method: string, path: string, o: CallOptions = {}) => callOn(other, method, path, o),
    };
  };

  const login = async (username: string, password = testPassword) => {
    const res = await call('POST', '/auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    return cookie;
  };

  const cookies = {} as Record<OperatorRole, string>;
  // With password sign-in off, the operators exist but have no session.
  if (opts.deps?.passwordSignIn !== false) {
    for (const role of ['admin', 'moderator', 'support'] as const)
      cookies[role] = await login(role);
  }
  upstream.seen.length = 0;

  const auditRows = async () =>
    z
      .array(z.record(z.string(), z.unknown()))
      .parse(await store.db.selectFrom('audit').selectAll().orderBy('id').execute());

  return {
    app,
    /** The read path in front of `app`, for tests on a real listener (createServer). */
    readPath,
    store,
    upstream,
    apiKey,
    clock,
    lines,
    cookies,
    call,
    replica,
    login,
    auditRows,
    async close() {
      await pool.close();
      await upstream.close();
      await store.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * A harness whose upstream is the real emulator, in process, on the demo data: the wiring the SPA's
 * tests and dev use. `close()` closes the emulator's store too.
 */
export async function createEmulatorHarness(
  deps: Partial<ProxyDeps> = {},
  hooks: Partial<ProxyTestHooks> = {},
) {
  const emulatorStore = openSeededStore();
  const emulator = createEmulatorApp({ store: emulatorStore, apiKey: 'emulator-key' });
  const harness = await createHarness({
    deps: {
      upstream: { baseUrl: 'http://emulator.invalid/v3', apiKey: 'emulator-key' },
      forward: fetchHandlerForward((req) => emulator.fetch(req)),
      ...deps,
    },
    hooks,
  });
  return {
    ...harness,
    emulatorStore,
    async close() {
      await harness.close();
      emulatorStore.close();
    },
  };
}
export type EmulatorHarness = Awaited<ReturnType<typeof createEmulatorHarness>>;
