import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

describe('Home', () => {
  it('shows how many blocked messages wait, since when, and links to the queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    await backend.call('PATCH', '/moderation/blocked-messages/192', { status: 'approved' });
    const { user, router } = renderRoute('/');
    const card = await screen.findByRole('region', { name: 'Blocked messages' }, { timeout: 8000 });
    expect(await within(card).findByText(/12/)).toHaveTextContent('12 pending messages');
    expect(within(card).getByText(/^Oldest blocked/)).toHaveTextContent(/ago$/);
    expect(screen.getByRole('region', { name: 'Your shortcuts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent operator actions' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Open the review queue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blocked messages' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/moderation/blocked');
  });

  it('shows admins the latest operator actions', async () => {
    installTestBackend({ role: 'admin' });
    mswServer.use(
      http.get('*/console/audit', () =>
        HttpResponse.json({
          data: [
            { id: 7, at: new Date().toISOString(), requestId: 'r7', operator: 'mo', role: 'moderator', action: 'blocked.review', operation: 'PATCH /moderation/blocked-messages/{messageId}', target: 'messageId=192', onBehalfOf: null, reason: null, status: 200, upstreamStatus: 200, outcome: 'ok', detail: null, durationMs: 9 },
          ],
          meta: { pagination: { total: 1, count: 1, per_page: 6, current_page: 1, total_pages: 1 } },
        }),
      ),
    );
    renderRoute('/');
    const recent = await screen.findByRole('region', { name: 'Recent operator actions' }, { timeout: 8000 });
    expect(await within(recent).findByText(/reviewed a blocked message \(messageId=192\)/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quick links' })).toBeInTheDocument();
  });
});
