import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const reviewRows = (backend: TestBackend) =>
  backend.console.store.db
    .prepare(
      `SELECT json_extract(targets, '$.messageId') AS id, json_extract(targets, '$.status') AS status,
         reason, reason_id AS reasonId, note, outcome
       FROM audit WHERE action = 'blocked.review' ORDER BY audit.id`,
    )
    .all();

describe('Reasons and notes on queue decisions', () => {
  it('keeps the reason and note of a decision on its audit row and in the history, never at the service; a reject by shortcut still takes one key', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    expect(list).toHaveAttribute('aria-activedescendant', 'queue-item-192');
    list.focus();

    // Approve asks first; the reason and the note are there, optional, with the note counted.
    await user.keyboard('a');
    const approve = await screen.findByRole('dialog', {
      name: 'Approve and deliver this message?',
    });
    await user.click(
      within(approve).getByRole('combobox', { name: 'Moderation reason (optional)' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Off-topic' }));
    await user.click(within(approve).getByRole('textbox', { name: 'Note (optional)' }));
    await user.paste('Known customer — number is the shop’s');
    expect(within(approve).getByText('37 / 500')).toBeInTheDocument();
    await user.click(within(approve).getByRole('button', { name: 'Approve and deliver' }));
    expect(await screen.findByText(/^Approved message 192 from /)).toBeInTheDocument();

    // Shift+R rejects through the dialog, for a note.
    list.focus();
    await user.keyboard('{Shift>}R{/Shift}');
    const reject = await screen.findByRole('dialog', { name: 'Reject 1 message?' });
    await user.click(within(reject).getByRole('textbox', { name: 'Note (optional)' }));
    await user.paste('x'.repeat(501));
    expect(within(reject).getByRole('button', { name: 'Reject message' })).toBeDisabled();
    expect(
      within(reject).getByText(/501 \/ 500: keep the note to 500 characters\./),
    ).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    await user.click(within(reject).getByRole('button', { name: 'Reject message' }));

    expect(
      await screen.findByText(/^Rejected message \d+ from .*: it stays blocked\.$/),
    ).toBeInTheDocument();

    // A plain r: one key, no dialog, no note.
    list.focus();
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(reviewRows(backend)).toHaveLength(3));
    expect(reviewRows(backend)).toEqual([
      {
        id: '192',
        status: 'approved',
        reason: 'Off-topic',
        reasonId: 'off-topic',
        note: 'Known customer — number is the shop’s',
        outcome: 'ok',
      },
      expect.objectContaining({ status: 'rejected', reason: null, note: 'x'.repeat(500) }),
      expect.objectContaining({ status: 'rejected', reason: null, note: null, outcome: 'ok' }),
    ]);

    // The service saw the decisions and nothing of the reasons or notes.
    const patches = backend.requests
      .map((request, index) => ({ request, headers: backend.requestHeaders[index] ?? {} }))
      .filter(({ request }) => request.method === 'PATCH');
    expect(patches.map(({ request }) => request.body)).toEqual([
      { status: 'approved' },
      { status: 'rejected', reviewed: true },
      { status: 'rejected', reviewed: true },
    ]);
    for (const { headers } of patches) {
      expect(Object.keys(headers).filter((name) => name.startsWith('x-console'))).toEqual([]);
      expect(JSON.stringify(headers)).not.toContain('Known');
    }
  });

  it('shows the reason and the note of each decision in the moderation history', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const decided = await backend.callConsole('PATCH', '/api/moderation/blocked-messages/192', {
      body: { status: 'rejected', reviewed: true },
      headers: {
        'x-console-reason': encodeURIComponent('Spam / Unwanted Content'),
        'x-console-reason-id': 'spam',
        'x-console-note': encodeURIComponent('Second warning, see ticket 81'),
      },
    });
    expect(decided.status).toBe(200);
    renderRoute('/moderation/blocked?view=history');
    const actions = await screen.findByRole('table', {
      name: 'Operator actions on blocked messages',
    });
    const row = await within(actions).findByRole('row', { name: /Message 192/ });
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('Spam / Unwanted Content — Second warning, see ticket 81');
  });
});
