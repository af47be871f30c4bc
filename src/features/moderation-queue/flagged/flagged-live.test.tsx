import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { sql } from '../../../../server/emulator/statements';

/** The first pending flag's message id, as the service lists it. */
async function firstFlag(backend: TestBackend) {
  const res = await backend.call('GET', '/moderation/flagged-messages');
  const body = (await res.json()) as { data: { id: string }[] };
  return body.data[0]!.id;
}

const flagStatus = (backend: TestBackend, id: string) =>
  sql<{ status: string }>(
    backend.store.db,
    'SELECT status FROM flagged_messages WHERE message_id = ?',
  ).get(Number(id))?.status;

/** The queue open as a moderator, its first item active, while test-admin works in another browser. */
async function twoModerators() {
  const backend = installTestBackend({ role: 'moderator' });
  const id = await firstFlag(backend);
  const other = backend.otherBrowser();
  await other.signIn('test-admin');
  const view = renderRoute('/moderation/flagged');
  const list = await screen.findByRole('listbox', { name: 'Flagged messages' });
  return { backend, id, other, list, ...view };
}

// Two browsers, each with its own console server: more to start than one.
describe('the flagged queue, worked by two moderators', { timeout: 15_000 }, () => {
  it('shows who reviews the item under the cursor, and takes it over only after a confirm', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = await firstFlag(backend);
    const other = backend.otherBrowser();
    await other.signIn('test-admin');
    expect((await other.call('POST', `/console/queue/claims/${id}`)).status).toBe(200);
    const { user } = renderRoute('/moderation/flagged');
    const notice = // The claims are read once the list is there.
      (
        await screen.findByText(
          new RegExp(`^Test-admin is reviewing message ${id} from`),
          undefined,
          {
            timeout: 4000,
          },
        )
      ).closest('[role="alert"]');
    if (!(notice instanceof HTMLElement)) throw new Error('no claim notice');
    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take over from test-admin?' });
    await user.click(within(confirm).getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText(/^You are reviewing message .* now\.$/)).toBeInTheDocument();
    const claims = await backend.console.store.db
      .selectFrom('queue_claims')
      .select(['message_id', 'operator'])
      .execute();
    expect(claims).toEqual([{ message_id: id, operator: 'test-moderator' }]);
  });

  it('says who blocked a flag meanwhile, and keeps their decision when asked', async () => {
    const { backend, id, other, list, user } = await twoModerators();
    const blocked = await other.call('PATCH', `/api/moderation/flagged-messages/${id}`, {
      body: { status: 'disapproved' },
    });
    expect(blocked.status).toBe(200);
    list.focus();
    await user.keyboard('a');
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Approve message/ })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const conflict = await screen.findByRole('dialog', {
      name: /^Already blocked by test-admin at \d\d:\d\d$/,
    });
    await user.click(within(conflict).getByRole('button', { name: 'Keep their decision' }));
    expect(
      await screen.findByText(`Kept test-admin's decision: message ${id}`, { exact: false }),
    ).toBeInTheDocument();
    expect(document.getElementById(`flagged-item-${id}`)).toBeNull();
    expect(flagStatus(backend, id)).toBe('disapproved');
  });

  it('overrides their decision on purpose, and the audit trail records what it overrode', async () => {
    const { backend, id, other, list, user } = await twoModerators();
    await other.call('PATCH', `/api/moderation/flagged-messages/${id}`, {
      body: { status: 'disapproved' },
    });
    list.focus();
    await user.keyboard('a');
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Approve message/ })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const conflict = await screen.findByRole('dialog', { name: /^Already blocked by/ });
    await user.click(within(conflict).getByRole('button', { name: 'Override and approve' }));
    expect(await screen.findByText('1 approved.')).toBeInTheDocument();
    expect(flagStatus(backend, id)).toBe('approved');
    const rows = await backend.console.store.db
      .selectFrom('audit')
      .select(['operator', 'outcome', 'detail'])
      .where('action', '=', 'flagged.review')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.operator, r.outcome])).toEqual([
      ['test-admin', 'ok'],
      ['test-moderator', 'denied'],
      ['test-moderator', 'ok'],
    ]);
    expect(rows[2]?.detail).toMatch(/^override of blocked by test-admin/);
  });
});
