import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

interface Listed {
  data: { id: string; flaggedBy?: { remark?: string }[] }[];
}

describe('The history of reviewed flags', () => {
  it('lists each decided flag with its decision, its reports, who decided and when', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const pending = (await (
      await backend.call('GET', '/moderation/flagged-messages')
    ).json()) as Listed;
    const spam = pending.data.find((item) =>
      item.flaggedBy?.some((r) => r.remark === 'Keeps posting the same link'),
    )!;
    // Blocked through the console, so the audit trail knows who.
    const answer = await backend.callConsole(
      'PATCH',
      `/api/moderation/flagged-messages/${spam.id}`,
      { body: { status: 'disapproved' } },
    );
    expect(answer.status).toBe(200);
    renderRoute('/moderation/blocked?view=history');

    const table = await screen.findByRole('table', { name: 'Reviewed flags' });
    const blocked = within(table).getByRole('row', { name: new RegExp(`id ${spam.id}\\b`) });
    expect(blocked).toHaveTextContent('Blocked (hidden)');
    expect(blocked).toHaveTextContent('Flagged by 1 user (Spam / Unwanted Content)');
    expect(blocked).toHaveTextContent('test-moderator');
    // The demo's approved flag, decided before the console's trail began: nobody named.
    const approved = within(table).getByRole('row', { name: /Approved \(kept visible\)/ });
    expect(approved).toHaveTextContent('Harassment / Bullying');
    expect(approved).toHaveTextContent('Not recorded');
  });
});

describe('Operator actions filtered to flag reviews', () => {
  it('lists only flag reviews, each with its decision, when the filter asks for them', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const pending = (await (
      await backend.call('GET', '/moderation/flagged-messages')
    ).json()) as Listed;
    const flag = pending.data[0]!;
    const reviews = [
      ['PATCH', `/api/moderation/flagged-messages/${flag.id}`, { status: 'disapproved' }],
      ['PATCH', '/api/moderation/blocked-messages/192', { status: 'approved' }],
    ] as const;
    for (const [method, path, body] of reviews)
      expect((await backend.callConsole(method, path, { body })).status).toBe(200);
    const { user, router } = renderRoute('/moderation/blocked?view=history');
    await screen.findByRole('table', { name: 'Operator actions on blocked messages' });

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Flag reviews' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?view=history&act=flag-review');
    const table = await screen.findByRole('table', {
      name: 'Operator actions on blocked messages',
    });
    const row = await within(table).findByRole('row', {
      name: new RegExp(`Message ${flag.id}\\b`),
    });
    expect(row).toHaveTextContent(/test-admin.*Blocked.*Done \(200\)/);
    expect(within(table).queryByRole('row', { name: /Message 192\b/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
