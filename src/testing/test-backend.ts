import { http } from 'msw';
import type { OperatorRole } from '@/api/schemas/session';
import { deleteSessionByToken } from '../../server/proxy/auth/sessions';
import type { EmulatorStore } from '../../server/emulator/store';
import { appCall, createBrowserSession, signInAs, type ConsoleCallInit } from './browser-session';
import { mswServer } from './msw-server';
import { createSeededEmulator, emulatorApiKey, type RecordedRequest } from './seeded-emulator';
import {
  createTestConsole,
  defaultOperator,
  operatorPassword,
  type TestConsole,
} from './test-console';

export type { RecordedRequest } from './seeded-emulator';

export interface TestBackend {
  /** The emulator's store, to assert what the service persisted. */
  store: EmulatorStore;
  /** Every call that reached the chat service (the emulator), in order. */
  requests: RecordedRequest[];
  /** The headers of each of `requests`, same order, names lower-case: what the service was told. */
  requestHeaders: Readonly<Record<string, string>>[];
  /** The emulator app itself, to stage or read state over its API; not recorded. */
  call: (method: string, path: string, body?: unknown) => Promise<Response>;
  /** Makes the service answer the next `count` (1) calls of `method` on `path` (under `/v3`) with `status`. */
  fault: (queued: {
    method: string;
    path: string;
    status: number;
    count?: number;
  }) => Promise<void>;
  /** The console server in front of the emulator: its store (operators, sessions, audit) and app; there once `ready` settled. */
  readonly console: TestConsole;
  /** The operator signed in now. */
  operator: string;
  /** A call through the console server with the browser's session, made as the app makes its calls. */
  callConsole: (method: string, path: string, init?: ConsoleCallInit) => Promise<Response>;
  /** Signs an operator in through `POST /auth/login`; the browser then holds their session. */
  signIn: (username: string) => Promise<void>;
  /** Ends the browser's session on the server (as expiry or an admin would); the browser still sends its cookie. */
  endSession: () => Promise<void>;
  /**
   * Another operator's browser, on another console server sharing this one's store: its calls reach
   * the service but not `requests`, which holds what the app under test sent.
   */
  otherBrowser: () => OtherBrowser;
  /** Settles once the operators exist and the first sign-in is done; every call through the console waits for it. */
  ready: Promise<void>;
}

export interface OtherBrowser {
  signIn: (username: string) => Promise<void>;
  call: (method: string, path: string, init?: ConsoleCallInit) => Promise<Response>;
}

/**
 * The app's network in a jsdom test: every `/api/*`, `/auth/*` and `/console/*` call goes, with the
 * headers and cookie a browser would send, to the real console server (`createProxyApp`) in process,
 * whose chat service is the real emulator on a fresh copy of the demo data. The given role's operator
 * (`test-<role>`, or `username`) is signed in through `POST /auth/login` before the first call is
 * answered. Nothing else is handled, so an unexpected request fails the test.
 */
export function installTestBackend(
  options: { role?: OperatorRole; username?: string } = {},
): TestBackend {
  const role = options.role ?? 'admin';
  const username = options.username ?? defaultOperator(role);
  const emulator = createSeededEmulator();
  const origin = window.location.origin;
  const consoleOpening = createTestConsole({
    host: new URL(origin).host,
    forward: emulator.forward,
    upstreamKey: emulatorApiKey,
  });
  let opened: TestConsole | undefined;
  const consoleServer = (): TestConsole => {
    if (!opened)
      throw new Error('The console server is still opening its store: await backend.ready');
    return opened;
  };
  const browser = createBrowserSession(
    { request: (...args) => consoleServer().app.request(...args) },
    origin,
  );

  const signIn = async (name: string) => {
    await signInAs(browser, name, operatorPassword);
    backend.operator = name;
  };
  const ready = (async () => {
    opened = await consoleOpening;
    await opened.addOperators();
    if (options.username) await opened.addOperator(username, role);
    await signIn(username);
  })();
  // Awaited by every call; a failure shows there, not as an unhandled rejection of its own.
  ready.catch(() => undefined);

  const backend: TestBackend = {
    store: emulator.store,
    requests: emulator.requests,
    requestHeaders: emulator.headers,
    call: emulator.call,
    fault: emulator.fault,
    get console() {
      return consoleServer();
    },
    operator: username,
    callConsole: async (method, path, init) => {
      await ready;
      return appCall(browser, method, path, init);
    },
    signIn: async (name) => {
      await ready;
      await signIn(name);
    },
    endSession: async () => {
      const token = browser.cookie('console_session');
      if (!token) throw new Error('the browser holds no session');
      await deleteSessionByToken(consoleServer().store, token);
    },
    otherBrowser: () => {
      // Its own console server, made at its first call (once the store is open).
      let app: ReturnType<TestConsole['instance']> | undefined;
      const other = createBrowserSession(
        {
          request: (...args) =>
            (app ??= consoleServer().instance(emulator.forwardUnrecorded)).request(...args),
        },
        origin,
      );
      return {
        signIn: async (name) => {
          await ready;
          await signInAs(other, name, operatorPassword);
        },
        call: (method, path, init) => appCall(other, method, path, init),
      };
    },
    ready,
  };

  const forward = async ({ request }: { request: Request }) => {
    await ready;
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : await request.arrayBuffer();
    return browser.send({
      method: request.method,
      target: url.pathname + url.search,
      headers: request.headers,
      body,
    });
  };
  mswServer.use(
    http.all('*/api/*', forward),
    http.all('*/auth/*', forward),
    http.all('*/console/*', forward),
  );
  return backend;
}
