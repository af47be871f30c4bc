import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

const reviewRows = async (backend: TestBackend) => {
  const rows = await backend.console.store.db
    .selectFrom('audit')
    .select(['targets', 'reason', 'reason_id', 'note', 'outcome'])
    .where('action', '=', 'blocked.review')
    .orderBy('id')
    .execute();
  return rows.map(({ targets, reason_id, ...row }) => {
    const { messageId, status } = z
      .object({ messageId: z.string(), status: z.string() })
      .parse(JSON.parse(targets));
    return { id: messageId, status, reasonId: reason_id, ...row };
  });
};

describe('Reasons and notes on queue decisions', () => {
  it('keeps the reason and the note of an approval on its audit row, never at the service', async () => {
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
    expect(await reviewRows(backend)).toEqual([
      {
        id: '192',
        status: 'approved',
        reason: 'Off-topic',
        reasonId: 'off-topic',
        note: 'Known customer — number is the shop’s',
        outcome: 'ok',
      },
    ]);

    // The service saw the decision and nothing of the reason or the note.
    const index = backend.requests.findIndex((request) => request.method === 'PATCH');
    expect(backend.requests[index]?.body).toEqual({ status: 'approved' });
    const headers = backend.requestHeaders[index] ?? {};
    expect(Object.keys(headers).filter((name) => name.startsWith('x-console'))).toEqual([]);
    expect(JSON.stringify(headers)).not.toMatch(/Known|Off-topic|off-topic/);
  });

  it('rejects with a note through Shift+R, the note held to 500 characters; a plain r still takes one key', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
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
      await screen.findByText(/^Rejected message 192 from .*: it stays blocked\.$/),
    ).toBeInTheDocument();

    list.focus();
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(await reviewRows(backend)).toHaveLength(2));
    expect(await reviewRows(backend)).toEqual([
      expect.objectContaining({ id: '192', status: 'rejected', note: 'x'.repeat(500) }),
      expect.objectContaining({ status: 'rejected', reason: null, note: null, outcome: 'ok' }),
    ]);
    for (const [index, request] of backend.requests.entries())
      if (request.method === 'PATCH')
        expect(Object.keys(backend.requestHeaders[index] ?? {})).not.toContain('x-console-note');
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

  it('says in readable text that the reasons could not be loaded, and a note can still be added', async () => {
    installTestBackend({ role: 'moderator' });
    mswServer.use(
      http.get('*/api/moderation/reasons', () =>
        HttpResponse.json(
          { error: { code: 'ERR_INTERNAL', message: 'Service unavailable' } },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    list.focus();
    await user.keyboard('a');
    const approve = await screen.findByRole('dialog', {
      name: 'Approve and deliver this message?',
    });
    const reason = within(approve).getByRole('combobox', { name: 'Moderation reason (optional)' });
    const help = await within(approve).findByText(
      'The reasons could not be loaded; a note can still be added.',
    );
    // The field cannot be used, but what it says is for reading: not greyed out with it (a disabled
    // helper text takes the theme's disabled colour, under the contrast AA asks of text).
    expect(reason).toHaveAttribute('aria-disabled', 'true');
    expect(help).not.toHaveClass('Mui-disabled');
    expect(within(approve).getByRole('textbox', { name: 'Note (optional)' })).toBeEnabled();
  });
});
