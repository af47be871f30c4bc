import { Writable } from 'node:stream';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@/api/schemas/session';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { testHashCost } from '@/testing/test-console';
import { installTestBackend } from '@/testing/test-backend';
import { formatDateTime } from '@/utils/format';
import { createProxyApp } from '../../../server/proxy/app';
import { createLogger } from '../../../server/proxy/http/logger';
import { addOperator, findOperator, recordSignIn } from '../../../server/proxy/auth/operators';
import { createSession, resolveSession } from '../../../server/proxy/auth/sessions';
import { openConsoleStore, type ConsoleStore } from '../../../server/proxy/store/store';

const stores: ConsoleStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** The real console server app, in process, answering the page's `/console/*` calls as `me`. */
async function installConsole(me = 'root', role: OperatorRole = 'admin') {
  installTestBackend({ role, username: me });
  const store = await openConsoleStore({ file: ':memory:' });
  stores.push(store);
  const hashCost = testHashCost;
  const self = await addOperator(
    store,
    { username: me, role, password: 'a passphrase of my own' },
    { hashCost },
  );
  await addOperator(
    store,
    { username: 'mia', role: 'moderator', password: 'her own passphrase' },
    { hashCost },
  );
  await addOperator(
    store,
    { username: 'sam', role: 'support', password: 'his own passphrase' },
    { hashCost },
  );
  const logger = createLogger({
    stream: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  const app = createProxyApp(
    {
      store,
      upstream: { baseUrl: 'http://chat.invalid/v3', apiKey: 'unused' },
      forward: () => Promise.reject(new Error('the operators page never calls the chat API')),
      allowedHosts: ['localhost'],
      logger,
    },
    { passwordHashCost: hashCost },
  );
  const token = await createSession(store, self.id, Date.now());
  mswServer.use(
    http.all('*/console/*', async ({ request }) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.text();
      const headers = new Headers({
        host: 'localhost',
        origin: 'http://localhost',
        cookie: `console_session=${token}`,
      });
      for (const name of ['content-type', 'x-requested-with', 'accept']) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      return app.request(url.pathname + url.search, {
        method: request.method,
        headers,
        body: body || undefined,
      });
    }),
  );
  return store;
}

const table = () => screen.findByRole('table', { name: 'Operators' });

describe('Operators page', () => {
  it('lists the operators with their roles, and you cannot remove yourself', async () => {
    await installConsole();
    renderRoute('/operators');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'mia',
      'root (you)',
      'sam',
    ]);
    expect(
      within(rows[0] as HTMLElement).getByRole('combobox', { name: 'Role of mia' }),
    ).toHaveTextContent('Moderator');
    expect(screen.getByRole('button', { name: 'Remove root' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove mia' })).toBeEnabled();
  });

  it('adds an operator after checking the fields, and the server stores it', async () => {
    const store = await installConsole();
    const { user } = renderRoute('/operators');
    await table();
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add operator' });
    await user.type(within(dialog).getByRole('textbox', { name: /username/i }), '1x');
    await user.type(within(dialog).getByLabelText(/initial password/i), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add operator' }));
    expect(await within(dialog).findByText(/starting with a letter/)).toBeInTheDocument();
    expect(within(dialog).getByText('At least 12 characters')).toBeInTheDocument();
    expect(await findOperator(store, '1x')).toBeUndefined();

    const username = within(dialog).getByRole('textbox', { name: /username/i });
    await user.clear(username);
    await user.type(username, 'Zoe');
    await user.click(within(dialog).getByRole('combobox', { name: /role/i }));
    await user.click(await screen.findByRole('option', { name: 'Moderator' }));
    await user.type(within(dialog).getByLabelText(/initial password/i), ' enough now');
    await user.click(within(dialog).getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByText('Operator zoe added as Moderator.')).toBeInTheDocument();
    expect(await findOperator(store, 'zoe')).toMatchObject({
      username: 'zoe',
      role: 'moderator',
      mustChangePassword: true,
    });
    expect(await within(await table()).findByText('zoe · initial password')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a taken username next to the field', async () => {
    await installConsole();
    const { user } = renderRoute('/operators');
    await table();
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add operator' });
    await user.type(within(dialog).getByRole('textbox', { name: /username/i }), 'mia');
    await user.type(within(dialog).getByLabelText(/initial password/i), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Add operator' }));
    expect(await within(dialog).findByText('This username is taken')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('already exists');
  });

  it('changes a role after a confirm naming the operator, the old and the new role; audited', async () => {
    const store = await installConsole();
    const { user } = renderRoute('/operators');
    await table();
    const pick = async (name: string, role: string) => {
      await user.click(screen.getByRole('combobox', { name: `Role of ${name}` }));
      await user.click(await screen.findByRole('option', { name: role }));
      return screen.findByRole('dialog', { name: `Change the role of ${name}?` });
    };
    // The last admin cannot be demoted: the dialog says why and nothing changes.
    const last = await pick('root', 'Support');
    expect(last).toHaveTextContent('root goes from Admin to Support');
    await user.click(within(last).getByRole('button', { name: 'Change role' }));
    expect(
      await within(last).findByText(/Role of root not changed: .*last admin/),
    ).toBeInTheDocument();
    expect((await findOperator(store, 'root'))?.role).toBe('admin');
    await user.click(within(last).getByRole('button', { name: 'Cancel' }));

    const promote = await pick('sam', 'Admin');
    await user.click(within(promote).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('sam is now Admin.')).toBeInTheDocument();
    expect((await findOperator(store, 'sam'))?.role).toBe('admin');
    expect(
      await store.db
        .selectFrom('audit')
        .select(['targets', 'detail'])
        .where('action', '=', 'operators.set-role')
        .where('outcome', '=', 'ok')
        .execute(),
    ).toEqual([
      {
        targets: '{"username":"sam","from":"support","to":"admin"}',
        detail: 'role support → admin',
      },
    ]);
  });

  it('shows the last sign-in and the sessions of each operator, and revokes them', async () => {
    const store = await installConsole();
    const mia = await findOperator(store, 'mia');
    if (!mia) throw new Error('no mia');
    const signedIn = Date.parse('2030-01-02T08:30:00Z');
    await recordSignIn(store, mia.id, signedIn);
    const firefox = await createSession(store, mia.id, Date.now(), {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      address: '203.0.113.7',
    });
    const chrome = await createSession(store, mia.id, Date.now() - 60_000, {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const { user } = renderRoute('/operators');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0])[3]).toBe(formatDateTime(signedIn / 1000));
    expect(cells(rows[2])[3]).toBe('Never');
    expect(cells(rows[2])[4]).toBe('0 sessions');

    await user.click(screen.getByRole('button', { name: '2 sessions of mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of mia' });
    const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Firefox 133 on Linux · 203\.0\.113\.7Signed in .*, last seen /),
      expect.stringMatching(/^Chrome 131 on WindowsSigned in /),
    ]);
    await user.click(
      within(dialog).getByRole('button', { name: /^Revoke Firefox 133 on Linux, 203\.0\.113\.7/ }),
    );
    expect(
      await screen.findByText(
        'Session of mia revoked: that browser is signed out at its next request.',
      ),
    ).toBeInTheDocument();
    expect(await resolveSession(store, firefox, Date.now())).toBeUndefined();
    expect(await resolveSession(store, chrome, Date.now())).toMatchObject({ username: 'mia' });

    await user.click(within(dialog).getByRole('button', { name: 'Revoke all' }));
    expect(await within(dialog).findByText('mia is signed in nowhere.')).toBeInTheDocument();
    expect(await resolveSession(store, chrome, Date.now())).toBeUndefined();
  });

  it('removes an operator after a confirm step that says what happens', async () => {
    const store = await installConsole();
    const { user } = renderRoute('/operators');
    await table();
    await user.click(screen.getByRole('button', { name: 'Remove mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove operator mia?' });
    expect(dialog).toHaveTextContent('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove operator' }));
    expect(await screen.findByText('Operator mia removed.')).toBeInTheDocument();
    expect(await findOperator(store, 'mia')).toBeUndefined();
    expect(within(await table()).queryByText('mia')).not.toBeInTheDocument();
  });

  it('is closed to non-admins, with the reason', async () => {
    await installConsole('mod', 'moderator');
    renderRoute('/operators');
    expect(await screen.findByText('Only admin operators can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Operators' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add operator' })).not.toBeInTheDocument();
  });
});
