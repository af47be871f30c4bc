import { http, type HttpHandler } from 'msw';
import type { OperatorRole } from '@/api/schemas/session';
import { createEmulatorApp } from '../../server/emulator/app';
import { seedDemo } from '../../server/emulator/seed';
import { openStore, type EmulatorStore } from '../../server/emulator/store';
import { mswServer } from './msw-server';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface TestBackend {
  /** The emulator's store, to assert what the service persisted. */
  store: EmulatorStore;
  /** Every `/api` call the app made, in order. */
  requests: RecordedRequest[];
  /** The emulator app itself, to read state over its API in assertions. */
  call: (method: string, path: string, body?: unknown) => Promise<Response>;
}

const apiKey = 'test-key';

/**
 * Wires the jsdom test's network to a real in-process emulator seeded with the demo data: `/api/<path>`
 * is answered by the emulator's `/v3/<path>`, and `/auth/me` by the given operator. Nothing else is
 * handled, so an unexpected request fails the test.
 */
export function installTestBackend(options: { role?: OperatorRole; username?: string } = {}): TestBackend {
  const role = options.role ?? 'admin';
  const username = options.username ?? `test-${role}`;
  const store = openStore({ file: ':memory:' });
  seedDemo(store);
  const app = createEmulatorApp({ store, apiKey });
  const requests: RecordedRequest[] = [];

  const call = (method: string, path: string, body?: unknown) =>
    Promise.resolve(
      app.request(`/v3${path}`, {
        method,
        headers: { apikey: apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  const handlers: HttpHandler[] = [
    http.get('*/auth/me', () => Response.json({ username, role })),
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api/, '') + url.search;
      const text = request.method === 'GET' ? '' : await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ method: request.method, path, body });
      const headers = new Headers({ apikey: apiKey });
      for (const name of ['content-type', 'onbehalfof', 'accept']) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      return app.request(`/v3${path}`, { method: request.method, headers, body: text || undefined });
    }),
  ];
  mswServer.use(...handlers);
  return { store, requests, call };
}
