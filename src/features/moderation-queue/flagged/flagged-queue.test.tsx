import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { sql } from '../../../../server/emulator/statements';

interface Listed {
  data: { id: string; flaggedBy?: { uid: string; name: string }[] }[];
}

/** What the service lists as pending flags now, newest first. */
async function pendingFlags(backend: TestBackend) {
  const body = (await (await backend.call('GET', '/moderation/flagged-messages')).json()) as Listed;
  return body.data;
}

/** What the service stored about a flag: `pending`, `approved` or `disapproved`. */
const flagStatus = (backend: TestBackend, id: string) =>
  sql<{ status: string }>(
    backend.store.db,
    'SELECT status FROM flagged_messages WHERE message_id = ?',
  ).get(Number(id))?.status;

const flagWrites = (backend: TestBackend) =>
  backend.requests
    .filter((r) => r.method === 'PATCH' && r.path.startsWith('/moderation/flagged-messages'))
    .map((r) => r.path);

async function openQueue() {
  const view = renderRoute('/moderation/flagged');
  const list = await screen.findByRole('listbox', { name: 'Flagged messages' });
  return { ...view, list };
}

describe('Flagged messages queue', () => {
  it('lists every pending flag with who flagged and why, grouped by reason, reporters linked', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const pending = await pendingFlags(backend);
    const { list, user, router } = await openQueue();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(pending.length);
    const grouped = within(list).getByRole('option', {
      name: /Flagged by 3 users \(Harassment \/ Bullying ×2, Off-topic\), still visible/,
    });
    expect(within(grouped).getByText(/Third time this week/)).toBeInTheDocument();
    expect(
      within(list).getAllByRole('option', { name: /the rule Contact Details Filter/ }),
    ).toHaveLength(2);
    // The details of the active item link each reporter to their user page.
    await user.click(grouped);
    const details = screen.getByRole('region', { name: /^Flags on message/ });
    const reporters = pending.find((item) => item.flaggedBy?.length === 3)!.flaggedBy!;
    const userLinks = within(details)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    for (const reporter of reporters) expect(userLinks).toContain(`/users/${reporter.uid}`);
    await user.click(within(details).getAllByRole('link', { name: reporters[0]!.name })[0]!);
    expect(router.state.location.pathname).toBe(`/users/${reporters[0]!.uid}`);
  });

  it('blocks the active item by keyboard with a note, one request, and it leaves the queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const [first] = await pendingFlags(backend);
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('b');
    const dialog = await screen.findByRole('dialog', { name: /^Block message/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Spam wave');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('1 blocked.')).toBeInTheDocument();
    expect(flagStatus(backend, first!.id)).toBe('disapproved');
    expect(flagWrites(backend)).toEqual([`/moderation/flagged-messages/${first!.id}`]);
    expect(document.getElementById(`flagged-item-${first!.id}`)).toBeNull();
    // The note is the console's: on the decision's audit row, not in the service's body.
    expect(backend.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      status: 'disapproved',
    });
    const rows = await backend.console.store.db
      .selectFrom('audit')
      .select(['note', 'outcome'])
      .where('action', '=', 'flagged.review')
      .execute();
    expect(rows).toEqual([{ note: 'Spam wave', outcome: 'ok' }]);
  });

  it('approves two selected items in bulk and reports each result', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const [first, second] = await pendingFlags(backend);
    const { list, user } = await openQueue();
    list.focus();
    await user.keyboard('xjx');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 flagged messages?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('2 approved.')).toBeInTheDocument();
    expect(flagStatus(backend, first!.id)).toBe('approved');
    expect(flagStatus(backend, second!.id)).toBe('approved');
    expect(flagWrites(backend)).toHaveLength(2);
  });

  it('is read-only for support, with the reason, and sends no review', async () => {
    const backend = installTestBackend({ role: 'support' });
    const { list, user } = await openQueue();
    expect(
      screen.getByText(/read-only for you\. Only admin or moderator operators can do this\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Block' })).toBeDisabled();
    list.focus();
    await user.keyboard('xb');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(flagWrites(backend)).toEqual([]);
  });
});
