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
