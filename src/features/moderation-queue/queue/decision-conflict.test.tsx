import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

/** Where the service says the blocked message stands. */
const serviceStatus = (backend: TestBackend, id: string) =>
  backend.store.db
    .prepare('SELECT status FROM blocked_messages WHERE message_id = ?')
    .pluck()
    .get(Number(id));

/** Another moderator, in their own browser, decides on message 192 first. */
async function decidedByAdmin(backend: TestBackend, status: 'approved' | 'rejected') {
  const other = backend.otherBrowser();
  await other.signIn('test-admin');
  const res = await other.call('PATCH', '/api/moderation/blocked-messages/192', {
    body: status === 'rejected' ? { status, reviewed: true } : { status },
  });
  expect(res.status).toBe(200);
}

/** The queue as loaded before the other decision: message 192 (Chloé Martin) is first and active. */
async function openStaleQueue() {
  const backend = installTestBackend({ role: 'moderator' });
  const view = renderRoute('/moderation/blocked');
  const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
  expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-192');
  return { ...view, backend, list };
}

async function approveActive(user: ReturnType<typeof renderRoute>['user'], list: HTMLElement) {
  list.focus();
  await user.keyboard('a');
  await screen.findByRole('dialog', { name: 'Approve and deliver this message?' });
  await user.keyboard('{Enter}');
}

const patches = (backend: TestBackend) =>
  backend.requests
    .filter((r) => r.method === 'PATCH')
    .map((r) => `${r.path} ${JSON.stringify(r.body)}`);

describe('a decision someone else took first', () => {
  it('shows who decided and when, and keeping their decision drops the item without sending anything', async () => {
    const { backend, list, user } = await openStaleQueue();
    await decidedByAdmin(backend, 'rejected');

    await approveActive(user, list);
    const notice = await screen.findByRole('alert', {
      name: /^Already rejected by test-admin at \d\d:\d\d: message 192 from Chloé Martin/,
    });
    expect(notice).toHaveTextContent('Your approval was not sent.');
    expect(
      within(list).getByRole('option', {
        name: /^Already rejected by test-admin at \d\d:\d\d: Chloé Martin to Ethan Brooks/,
      }),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
    expect(serviceStatus(backend, '192')).toBe('rejected');

    await user.click(within(notice).getByRole('button', { name: 'Keep their decision' }));
    expect(
      await screen.findByText(
        "Kept test-admin's decision: message 192 from Chloé Martin leaves the queue.",
      ),
    ).toBeInTheDocument();
    expect(
      within(list).queryByRole('option', { name: /Chloé Martin to Ethan Brooks/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /^Already rejected/ })).not.toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
    expect(serviceStatus(backend, '192')).toBe('rejected');
  });

  it('overrides only after a confirm that says what happens, and the audit trail names what was overridden', async () => {
    const { backend, list, user } = await openStaleQueue();
    await decidedByAdmin(backend, 'rejected');
    await approveActive(user, list);
    const notice = await screen.findByRole('alert', { name: /^Already rejected by test-admin/ });

    await user.click(within(notice).getByRole('button', { name: 'Override' }));
    const confirm = await screen.findByRole('dialog', { name: "Override test-admin's decision?" });
    expect(confirm).toHaveTextContent(
      /Approving it now delivers it to Ethan Brooks at once; their rejection no longer stands\./,
    );
    expect(confirm).toHaveTextContent(
      "The audit trail records that you overrode test-admin's decision.",
    );
    expect(patches(backend)).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Override and approve' }));
    expect(
      await screen.findByText('Approved message 192 from Chloé Martin: delivered to Ethan Brooks.'),
    ).toBeInTheDocument();
    expect(patches(backend)).toEqual(['/moderation/blocked-messages/192 {"status":"approved"}']);
    expect(serviceStatus(backend, '192')).toBe('approved');
    const rows = await backend.console.store.db
      .selectFrom('audit')
      .select(['operator', 'outcome', 'detail'])
      .where('action', '=', 'blocked.review')
      .orderBy('id')
      .execute();
    const audit = z
      .array(z.object({ operator: z.string(), outcome: z.string(), detail: z.string().nullable() }))
      .parse(rows);
    // The time each detail names is left out: it is the clock's.
    expect(
      audit.map((row) => [
        row.operator,
        row.outcome,
        row.detail?.replace(/ (at|\().*$/, '') ?? null,
      ]),
    ).toEqual([
      ['test-admin', 'ok', null],
      ['test-moderator', 'denied', 'already rejected by test-admin'],
      ['test-moderator', 'ok', 'override of rejected by test-admin'],
    ]);
  });

  it('drops an item someone else already decided the same way, with a note', async () => {
    const { backend, list, user } = await openStaleQueue();
    await decidedByAdmin(backend, 'rejected');
    list.focus();
    await user.keyboard('r');
    expect(
      await screen.findByText(
        /^Message 192 from Chloé Martin: Already rejected by test-admin at \d\d:\d\d, so there is nothing left to do\. It leaves the queue\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(list).queryByRole('option', { name: /Chloé Martin to Ethan Brooks/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /^Already rejected/ })).not.toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
  });
});
