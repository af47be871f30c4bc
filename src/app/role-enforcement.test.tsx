import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approveBlockedMessage } from '@/api/blocked-messages';
import { listAuditEntries, removeOperator } from '@/api/console';
import { setRolePermissions } from '@/api/roles';
import type { OperatorRole } from '@/api/schemas/session';
import { deactivateUsers, markConversationDelivered } from '@/api/users';
import { expectRefused, serviceWrites } from '@/testing/refusals';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

// What the UI hides or disables for a role, the console server refuses for that role's session: each
// refused call is the very call the control would make (the app's own API function, through the real
// console server with the signed-in session), and nothing of it reaches the chat service. What the
// role may do, done through the UI, does reach it.

interface Check {
  title: string;
  run: (backend: TestBackend) => Promise<void>;
}

const isActive = async (backend: TestBackend, uid: string) =>
  (await backend.call('GET', `/users/${uid}`)).status === 200;

const pendingIds = async (backend: TestBackend) => {
  const body = (await (await backend.call('GET', '/moderation/blocked-messages')).json()) as {
    data: { message: { id: string } }[];
  };
  return body.data.map((item) => item.message.id);
};

const queueDecisions: Check = {
  title: 'cannot approve or reject in the queue',
  run: async (backend) => {
    renderRoute('/moderation/blocked');
    await screen.findByRole('listbox', { name: 'Blocked messages' });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expectRefused(backend, () => approveBlockedMessage('192'));
    expect(await pendingIds(backend)).toContain('192');
  },
};

const deactivation: Check = {
  title: 'cannot deactivate users',
  run: async (backend) => {
    renderRoute('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate selected' })).toBeDisabled();
    await expectRefused(backend, () => deactivateUsers(['amelia-hart']));
    expect(await isActive(backend, 'amelia-hart')).toBe(true);
  },
};

const audit: Check = {
  title: 'cannot read the audit log',
  run: async (backend) => {
    renderRoute('/audit');
    expect(await screen.findByText('Only admin operators can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /audit/i })).not.toBeInTheDocument();
    await expectRefused(backend, () => listAuditEntries({ page: 1, perPage: 25 }));
  },
};

const permissionEdits: Check = {
  title: 'cannot edit role permissions',
  run: async (backend) => {
    renderRoute('/roles/default');
    expect(
      await screen.findByText(/Read only: Only admin operators can do this\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review and save' })).toBeDisabled();
    await expectRefused(backend, () => setRolePermissions('default', { initiateCall: 'deny' }));
  },
};

const markDelivered: Check = {
  title: 'cannot mark a conversation delivered',
  run: async (backend) => {
    renderRoute('/users/noah-fischer');
    const section = await screen.findByRole('region', { name: 'Mark conversation delivered' });
    expect(within(section).getByRole('button', { name: 'Mark delivered…' })).toBeDisabled();
    await expectRefused(backend, () => markConversationDelivered('amelia-hart', 'noah-fischer'));
  },
};

const ownAccountRemoval: Check = {
  // Not a role rule but the same promise: what the UI disables, the server refuses (409).
  title: 'cannot remove their own operator account',
  run: async (backend) => {
    renderRoute('/operators');
    const operators = await screen.findByRole('table', { name: 'Operators' });
    expect(within(operators).getByRole('button', { name: 'Remove test-admin' })).toBeDisabled();
    await expectRefused(backend, () => removeOperator('test-admin'), 409);
  },
};

const refused: Record<OperatorRole, Check[]> = {
  support: [queueDecisions, deactivation, audit],
  moderator: [permissionEdits, deactivation, markDelivered, audit],
  admin: [ownAccountRemoval],
};

const allowed: Record<OperatorRole, Check> = {
  support: {
    title: 'resets a user’s notification preferences through the page',
    run: async (backend) => {
      const { user } = renderRoute('/users/amelia-hart');
      await user.click(await screen.findByRole('button', { name: 'Reset to defaults' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'Reset notification preferences of amelia-hart?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
      expect(await screen.findByText(/^Preferences reset\./)).toBeInTheDocument();
      expect(serviceWrites(backend)).toEqual([
        'DELETE /notifications/v1/preferences?uid=amelia-hart',
      ]);
    },
  },
  moderator: {
    title: 'approves a blocked message in the queue',
    run: async (backend) => {
      const { user } = renderRoute('/moderation/blocked');
      (await screen.findByRole('listbox', { name: 'Blocked messages' })).focus();
      await user.keyboard('a');
      const dialog = await screen.findByRole('dialog', {
        name: 'Approve and deliver this message?',
      });
      await user.click(within(dialog).getByRole('button', { name: /approve/i }));
      expect(await screen.findByText(/^Approved message 192 /)).toBeInTheDocument();
      expect(await pendingIds(backend)).not.toContain('192');
      expect(serviceWrites(backend)).toEqual(['PATCH /moderation/blocked-messages/192']);
    },
  },
  admin: {
    title: 'reactivates a user',
    run: async (backend) => {
      const { user } = renderRoute('/users/ben-walker');
      await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reactivate ben-walker?' });
      await user.click(within(dialog).getByRole('button', { name: 'Reactivate user' }));
      expect(await screen.findByText('ben-walker reactivated.')).toBeInTheDocument();
      expect(await isActive(backend, 'ben-walker')).toBe(true);
      expect(serviceWrites(backend)).toEqual(['PUT /users']);
    },
  },
};

describe.each(['support', 'moderator', 'admin'] as const)('%s', (role) => {
  it.each(refused[role].map((check) => [check.title, check] as const))(
    '%s: hidden or disabled in the UI, refused by the console server',
    async (_title, check) => check.run(installTestBackend({ role })),
  );

  it(`${allowed[role].title}: the change reaches the chat service`, () =>
    allowed[role].run(installTestBackend({ role })));
});
