import { Writable } from 'node:stream';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@/api/schemas/session';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { testHashCost } from '@/testing/test-console';
import { installTestBackend } from '@/testing/test-backend';
import { createProxyApp } from '../../../server/proxy/app';
import { recordAudit, type AuditRecord } from '../../../server/proxy/audit/audit-log';
import { createLogger } from '../../../server/proxy/http/logger';
import { addOperator } from '../../../server/proxy/auth/operators';
import { createSession } from '../../../server/proxy/auth/sessions';
import { openConsoleStore, type ConsoleStore } from '../../../server/proxy/store/store';

const stores: ConsoleStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const start = Date.parse('2030-03-01T10:00:00Z');

/** 30 entries a minute apart: every third one by mia and denied, the rest by root and ok. */
async function seedAudit(store: ConsoleStore) {
  for (let i = 0; i < 30; i++) {
    const denied = i % 3 === 0;
    const entry: AuditRecord = {
      at: start + i * 60_000,
      requestId: `req-${i}`,
      operator: denied ? 'mia' : 'root',
      role: denied ? 'moderator' : 'admin',
      action: denied ? 'permissions.set' : 'messages.delete',
      operation: denied ? 'PUT /roles/{role}/permissions' : 'DELETE /messages/{id}',
      targets: denied ? { role: `r${i}` } : { id: String(1000 + i) },
      onBehalfOf: null,
      reason: null,
      status: denied ? 403 : 200,
      upstreamStatus: denied ? null : 200,
      outcome: denied ? 'denied' : 'ok',
      detail: denied ? 'role' : null,
      durationMs: 3,
    };
    await recordAudit(store, entry);
  }
}

/** The real console server app, in process, answering the page's `/console/*` calls as `me`. */
async function installConsole(role: OperatorRole = 'admin') {
  installTestBackend({ role, username: 'root' });
  const store = await openConsoleStore({ file: ':memory:' });
  stores.push(store);
  const self = await addOperator(
    store,
    { username: 'root', role, password: 'a passphrase of their own' },
    { hashCost: testHashCost },
  );
  await seedAudit(store);
  const app = createProxyApp({
    store,
    upstream: { baseUrl: 'http://chat.invalid/v3', apiKey: 'unused' },
    forward: () => Promise.reject(new Error('the audit page never calls the chat API')),
    allowedHosts: ['localhost'],
    logger: createLogger({ stream: new Writable({ write: (_chunk, _encoding, done) => done() }) }),
  });
  const token = await createSession(store, self.id, Date.now());
  const seen: string[] = [];
  mswServer.use(
    http.get('*/console/*', ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname + url.search);
      return app.request(url.pathname + url.search, {
        headers: { host: 'localhost', cookie: `console_session=${token}` },
      });
    }),
  );
  return { store, seen };
}

const auditTable = () => screen.findByRole('table', { name: 'Audit log' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Audit log page', () => {
  it('shows the newest entries first, 25 a page, with who, what, target and outcome', async () => {
    await installConsole();
    renderRoute('/audit');
    const rows = bodyRows(await auditTable());
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('root');
    expect(rows[0]).toHaveTextContent('messages.delete');
    expect(rows[0]).toHaveTextContent('id 1029');
    expect(rows[0]).toHaveTextContent('OK');
    expect(rows[2]).toHaveTextContent('mia');
    expect(rows[2]).toHaveTextContent('Denied');
    expect(rows[2]).toHaveTextContent('PUT /roles/{role}/permissions');
    expect(rows[0]?.querySelector('time')?.getAttribute('datetime')).toBe(
      new Date(start + 29 * 60_000).toISOString(),
    );
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
  });

  it('shows every outcome in words, lists as lists, and finds a row by any target value', async () => {
    const { store } = await installConsole();
    const base = {
      requestId: 'r',
      operator: 'root',
      role: 'admin',
      onBehalfOf: null,
      reason: null,
    };
    const later = start + 60 * 60_000;
    await recordAudit(store, {
      ...base,
      at: later,
      action: 'users.deactivate',
      operation: 'DELETE /users',
      targets: { uids: ['ann', 'bob'] },
      status: 504,
      upstreamStatus: null,
      outcome: 'unknown',
      detail: 'upstream timeout (deadline)',
      durationMs: 30_000,
    });
    await recordAudit(store, {
      ...base,
      at: later + 1,
      action: 'blocked.review',
      operation: 'PATCH /moderation/blocked-messages/{messageId}',
      targets: { messageId: '42', status: 'approved' },
      status: null,
      upstreamStatus: null,
      outcome: 'pending',
      detail: null,
      durationMs: null,
    });
    const { user } = renderRoute('/audit');
    const [pending, unknown] = bodyRows(await auditTable());
    expect(pending).toHaveTextContent(/messageId 42 · status approved.*Pending/);
    expect(unknown).toHaveTextContent(/uids ann, bob.*Unknown.*upstream timeout \(deadline\)/);
    await user.type(screen.getByRole('textbox', { name: 'Target' }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(bodyRows(screen.getByRole('table', { name: 'Audit log' }))[0]).toHaveTextContent(
      'users.deactivate',
    );
  });

  it('applies filters into the URL and asks the server for exactly those', async () => {
    const backend = await installConsole();
    const { user, router } = renderRoute('/audit');
    await auditTable();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Outcome' }),
      'Denied by the console',
    );
    await user.type(screen.getByRole('textbox', { name: 'Operator' }), 'mia');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?operator=mia&outcome=denied');
    expect(backend.seen.at(-1)).toBe(
      '/console/audit?operator=mia&outcome=denied&page=1&perPage=25',
    );
    for (const row of bodyRows(screen.getByRole('table', { name: 'Audit log' })))
      expect(row).toHaveTextContent('Denied');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/console/audit.csv?operator=mia&outcome=denied',
    );
  });

  it('opens on the filters of a shared link', async () => {
    const backend = await installConsole();
    renderRoute('/audit?operator=root&perPage=50');
    expect(bodyRows(await auditTable())).toHaveLength(20);
    expect(screen.getByRole('textbox', { name: 'Operator' })).toHaveValue('root');
    expect(backend.seen).toEqual(['/console/audit?operator=root&page=1&perPage=50']);
  });

  it('says a filter the console server would refuse beside its field and asks nothing with it', async () => {
    const backend = await installConsole();
    const { user, router } = renderRoute(`/audit?operator=${'o'.repeat(150)}`);
    const operator = await screen.findByRole('textbox', { name: 'Operator' });
    expect(operator).toHaveAccessibleDescription('At most 100 characters (this has 150)');
    expect(screen.getByText('Nothing is listed: a filter cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(backend.seen.filter((path) => path.startsWith('/console/audit'))).toEqual([]);

    await user.clear(operator);
    await user.type(operator, 'root');
    expect(operator).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(bodyRows(await auditTable())).toHaveLength(20);
    expect(router.state.location.search).toBe('?operator=root');
  });

  it('pages through the server’s pages, keeping the page in the URL', async () => {
    const backend = await installConsole();
    const { user, router } = renderRoute('/audit');
    await auditTable();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(bodyRows(screen.getByRole('table', { name: 'Audit log' }))).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(backend.seen.at(-1)).toBe('/console/audit?page=2&perPage=25');
  });

  it('limits the time range', async () => {
    await installConsole();
    const { user, router } = renderRoute('/audit');
    await auditTable();
    const from = new Date(start + 5 * 60_000);
    const to = new Date(start + 7 * 60_000);
    const local = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    await user.type(screen.getByLabelText('From'), local(from));
    await user.type(screen.getByLabelText('To'), local(to));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(from.toISOString());
  });

  it('says when nothing matches', async () => {
    await installConsole();
    renderRoute('/audit?target=nothing-like-this');
    expect(await screen.findByText('No audit entries match')).toBeInTheDocument();
  });

  it('is closed to non-admins, with the reason, and asks the server nothing', async () => {
    const backend = await installConsole('support');
    renderRoute('/audit');
    expect(await screen.findByText('Only admin operators can do this.')).toBeInTheDocument();
    expect(backend.seen).toEqual([]);
  });
});
