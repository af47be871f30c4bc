import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approveBlockedMessage } from '@/api/blocked-messages';
import { listAuditEntries, removeOperator } from '@/api/console';
import { setRolePermissions } from '@/api/roles';
import { deactivateUsers, markConversationDelivered } from '@/api/users';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

// What the UI hides or disables for a role, the console server refuses for that role's session: each
// refused call below is the very call the control would make (the app's own API function, through
// the real console server with the signed-in session), and nothing of it reaches the chat service.

type Navigate = (path: string) => Promise<void>;

function open(path: string) {
  const view = renderRoute(path);
  const go: Navigate = (to) => act(() => view.router.navigate(to));
  return { ...view, go };
}

const refusals = (backend: TestBackend) =>
  backend.console.store.db
    .prepare("SELECT count(*) AS n FROM audit WHERE outcome IN ('denied', 'failed')")
    .get();

/** The call fails with the console server's refusal, which it audits, and the chat service saw no write. */
async function expectRefused(backend: TestBackend, call: () => Promise<unknown>, status = 403) {
  const before = backend.requests.length;
  const audited = refusals(backend);
  await expect(call()).rejects.toMatchObject({
    status,
    code: status === 403 ? 'CONSOLE_FORBIDDEN' : 'CONSOLE_CONFLICT',
  });
  expect(backend.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  expect(refusals(backend)).not.toEqual(audited);
}

const isActive = async (backend: TestBackend, uid: string) =>
  (await backend.call('GET', `/users/${uid}`)).status === 200;

const pendingIds = async (backend: TestBackend) => {
  const body = (await (await backend.call('GET', '/moderation/blocked-messages')).json()) as {
    data: { message: { id: string } }[];
  };
  return body.data.map((item) => item.message.id);
};

/** The audit page: not in the navigation, and opened directly it says who may read it; the server refuses the read. */
async function expectAuditClosed(backend: TestBackend, go: Navigate) {
  expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  await go('/audit');
  expect(await screen.findByText('Only admin operators can do this.')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: /audit/i })).not.toBeInTheDocument();
  await expectRefused(backend, () => listAuditEntries({ page: 1, perPage: 25 }));
}

/** Users: no selection, bulk deactivation disabled; the server refuses the deactivation and the user stays active. */
async function expectDeactivationClosed(backend: TestBackend, go: Navigate) {
  await go('/users');
  const table = await screen.findByRole('table', { name: 'Users' });
  expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Deactivate selected' })).toBeDisabled();
  await expectRefused(backend, () => deactivateUsers(['amelia-hart']));
  expect(await isActive(backend, 'amelia-hart')).toBe(true);
}

describe('The console server refuses what the UI hides, per role', () => {
  it('support: no queue decisions, no deactivation, no audit; resets notification preferences', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { go, user } = open('/moderation/blocked');
    await screen.findByRole('listbox', { name: 'Blocked messages' });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expectRefused(backend, () => approveBlockedMessage('192'));
    expect(await pendingIds(backend)).toContain('192');

    await expectDeactivationClosed(backend, go);
    await expectAuditClosed(backend, go);

    await go('/users/amelia-hart');
    await user.click(await screen.findByRole('button', { name: 'Reset to defaults' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset notification preferences of amelia-hart?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    expect(await screen.findByText(/^Preferences reset\./)).toBeInTheDocument();
    expect(
      backend.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
    ).toEqual(['DELETE /notifications/v1/preferences?uid=amelia-hart']);
  });

  it('moderator: no permission edits, no deactivation, no mark delivered, no audit; approves in the queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { go, user } = open('/roles/default');
    expect(
      await screen.findByText(/Read only: Only admin operators can do this\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    await expectRefused(backend, () => setRolePermissions('default', { initiateCall: 'deny' }));

    await expectDeactivationClosed(backend, go);

    await go('/users/noah-fischer');
    const section = await screen.findByRole('region', { name: 'Mark conversation delivered' });
    expect(within(section).getByRole('button', { name: 'Mark delivered…' })).toBeDisabled();
    await expectRefused(backend, () => markConversationDelivered('amelia-hart', 'noah-fischer'));

    await expectAuditClosed(backend, go);

    await go('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    list.focus();
    await user.keyboard('a');
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Approve and deliver this message?' }),
      ).getByRole('button', { name: /approve/i }),
    );
    expect(await screen.findByText(/^Approved message 192 /)).toBeInTheDocument();
    expect(await pendingIds(backend)).not.toContain('192');
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'PATCH', path: '/moderation/blocked-messages/192', body: { status: 'approved' } },
    ]);
  });

  it('admin: cannot remove their own account; reactivates a user', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { go, user } = open('/operators');
    const operators = await screen.findByRole('table', { name: 'Operators' });
    expect(within(operators).getByRole('button', { name: 'Remove test-admin' })).toBeDisabled();
    // Not a role rule but the same promise: what the UI disables, the server refuses.
    await expectRefused(backend, () => removeOperator('test-admin'), 409);

    await go('/users/ben-walker');
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate ben-walker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate user' }));
    expect(await screen.findByText('ben-walker reactivated.')).toBeInTheDocument();
    expect(await isActive(backend, 'ben-walker')).toBe(true);
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'PUT', path: '/users', body: { uidsToActivate: ['ben-walker'] } },
    ]);
  });
});
