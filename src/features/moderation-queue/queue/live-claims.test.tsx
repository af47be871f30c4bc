import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

describe('claims in the blocked-messages queue', () => {
  it('shows who reviews an item, takes it over only after a confirm, and the audit trail records it', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const other = backend.otherBrowser();
    await other.signIn('test-admin');
    expect((await other.call('POST', '/console/queue/claims/192')).status).toBe(200);

    const { user } = renderRoute('/moderation/blocked');
    const list = await screen.findByRole('listbox', { name: 'Blocked messages' });
    const item = await within(list).findByRole('option', {
      name: /^Test-admin is reviewing: Chloé Martin to Ethan Brooks/,
    });
    expect(item).toHaveAttribute('id', 'queue-item-192');
    const notice = (await screen.findByText(/^Test-admin is reviewing message 192/)).closest(
      '[role="alert"]',
    );
    if (!(notice instanceof HTMLElement)) throw new Error('no claim notice');

    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take over from test-admin?' });
    expect(confirm).toHaveTextContent(
      'The audit trail records that you took it over from test-admin.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Take over' }));
    expect(
      await screen.findByText('You are reviewing message 192 from Chloé Martin now.'),
    ).toBeInTheDocument();
    expect(await within(item).findByText('You are reviewing')).toBeInTheDocument();
    expect(
      await backend.console.store.db
        .selectFrom('audit')
        .select(['operator', 'targets'])
        .where('action', '=', 'claims.take-over')
        .execute(),
    ).toEqual([{ operator: 'test-moderator', targets: '{"messageId":"192","from":"test-admin"}' }]);
  });
});
