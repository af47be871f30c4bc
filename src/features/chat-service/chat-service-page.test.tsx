import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@/api/schemas/session';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { testHashCost } from '@/testing/test-console';
import { installTestBackend } from '@/testing/test-backend';
import { startEmulator } from '../../../server/emulator/start';
import { createProxyApp } from '../../../server/proxy/app';
import { createPoolForward, type ForwardFn } from '../../../server/proxy/api/forward';
import { createLogger } from '../../../server/proxy/http/logger';
import { addOperator } from '../../../server/proxy/auth/operators';
import { createSession } from '../../../server/proxy/auth/sessions';
import { openConsoleStore } from '../../../server/proxy/store/store';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const apiKey = 'page-test-emulator-key';

/**
 * The real console server in process, in front of a real emulator on a local port (the doctor
 * probes DNS and TCP), answering the page's `/console/*` calls as `me`. `breakPath` makes the
 * service answer 404 ERR_API_NOT_FOUND for one path, to change the next report.
 */
async function installConsole(me = 'root', role: OperatorRole = 'admin') {
  installTestBackend({ role, username: me });
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-service-page-'));
  const emulator = await startEmulator({ port: 0, dataDir, apiKey });
  const pool = createPoolForward(emulator.url);
  const store = await openConsoleStore({ file: ':memory:' });
  cleanups.push(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => emulator.close(),
    () => pool.close(),
    () => store.close(),
  );
  const broken = { path: '' };
  const forward: ForwardFn = (req) =>
    broken.path && new URL(req.url).pathname === `/v3${broken.path}`
      ? Promise.resolve({
          status: 404,
          headers: { 'content-type': 'application/json' },
          body: new Uint8Array(Buffer.from('{"error":{"code":"ERR_API_NOT_FOUND","message":"x"}}')),
        })
      : pool.forward(req);
  const self = await addOperator(
    store,
    { username: me, role, password: 'a passphrase of their own' },
    { hashCost: testHashCost },
  );
  const app = createProxyApp(
    {
      store,
      upstream: { baseUrl: emulator.url, apiKey },
      forward,
      allowedHosts: ['localhost'],
      logger: createLogger({
        stream: new Writable({ write: (_chunk, _encoding, done) => done() }),
      }),
    },
    { passwordHashCost: testHashCost },
  );
  const token = await createSession(store, self.id, Date.now());
  const seen: string[] = [];
  mswServer.use(
    http.all('*/console/*', async ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname);
      const headers = new Headers({
        host: 'localhost',
        origin: 'http://localhost',
        cookie: `console_session=${token}`,
      });
      for (const name of ['x-requested-with', 'accept']) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      const res = await app.request(url.pathname + url.search, { method: request.method, headers });
      // Read in full here: the body is handed across realms (Node's Response → jsdom's).
      return new Response(await res.text(), { status: res.status, headers: res.headers });
    }),
  );
  return { broken, seen };
}

const rowOf = (table: HTMLElement, title: string) => {
  const row = within(table).getByRole('cell', { name: title }).closest('tr');
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

describe('Chat service page', () => {
  it('shows every check with its status in words, and checks again on request', async () => {
    const { broken } = await installConsole();
    const { user } = renderRoute('/chat-service');
    const reads = await screen.findByRole('table', { name: 'Read checks' });
    expect(screen.getByRole('heading', { level: 1, name: 'Chat service' })).toBeInTheDocument();
    expect(screen.getByText('Working')).toBeInTheDocument();
    const connection = screen.getByRole('table', { name: 'Connection checks' });
    expect(rowOf(connection, 'API key')).toHaveTextContent(
      'PassedAPI keyAccepted (GET /roles answered 200).',
    );
    expect(rowOf(connection, 'Connection (TCP)')).toHaveTextContent('Passed');
    expect(rowOf(reads, 'GET /moderation/reasons')).toHaveTextContent('Parses.');
    expect(
      within(reads)
        .getAllByRole('row')
        .slice(1)
        .every((row) => row.textContent?.startsWith('Passed')),
    ).toBe(true);
    expect(document.body.textContent).not.toContain(apiKey);
    expect(screen.getByRole('link', { name: 'Chat service' })).toHaveAttribute(
      'href',
      '/chat-service',
    );

    broken.path = '/moderation/reasons';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Not working')).toBeInTheDocument();
    const after = screen.getByRole('table', { name: 'Read checks' });
    expect(rowOf(after, 'GET /moderation/reasons')).toHaveTextContent(
      'FailedGET /moderation/reasonsAnswered HTTP 404, ERR_API_NOT_FOUND.',
    );
    expect(rowOf(after, 'GET /moderation/reasons/{id}')).toHaveTextContent(
      'Skipped: no reason to read.',
    );
    expect(screen.getByText(/^Partly usable: 1 of 18 reads failed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('is closed to non-admins, with the reason, and runs no check', async () => {
    const { seen } = await installConsole('mod', 'moderator');
    renderRoute('/chat-service');
    expect(await screen.findByText('Only admin operators can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat service' })).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
