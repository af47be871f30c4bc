import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { rules } from '../../../server/emulator/seed/demo-blocked';
import { insertHeldBack } from '../../../server/emulator/seed/insert';

describe('Home', () => {
  it('shows how many blocked messages wait, since when, and links to the queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    await backend.call('PATCH', '/moderation/blocked-messages/192', { status: 'approved' });
    const { user, router } = renderRoute('/');
    const card = await screen.findByRole('region', { name: 'Blocked messages' });
    expect(await within(card).findByText(/12/)).toHaveTextContent('12 pending messages');
    expect(within(card).getByText(/^Oldest blocked/)).toHaveTextContent(/ago$/);
    expect(screen.getByRole('region', { name: 'Your shortcuts' })).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Recent operator actions' }),
    ).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Open the review queue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blocked messages' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/moderation/blocked');
    // Counted from the documented list, asked for with no parameter.
    const reads = backend.requests
      .filter((r) => r.path.startsWith('/moderation/blocked-messages'))
      .map((r) => r.path);
    expect(new Set(reads)).toEqual(new Set(['/moderation/blocked-messages']));
  });

  it('shows how many flagged messages wait, with their reports, and links to the flagged queue', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const listed = (await (await backend.call('GET', '/moderation/flagged-messages')).json()) as {
      data: { flaggedBy?: unknown[] }[];
    };
    const reports = listed.data.reduce((sum, item) => sum + (item.flaggedBy?.length ?? 0), 0);
    const { user, router } = renderRoute('/');
    const card = await screen.findByRole('region', { name: 'Flagged messages' });
    expect(
      await within(card).findByText(
        `${listed.data.length} flagged messages wait, with ${reports} reports.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Open the flagged queue' }));
    expect(router.state.location.pathname).toBe('/moderation/flagged');
  });

  it('says "50+" when the service\'s answer is full, rather than inventing a total', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    for (let i = 0; i < 45; i += 1) {
      const sentAt = 1763600000 + i;
      const message = {
        sender: 'amelia-hart',
        receiverType: 'user',
        receiver: 'noah-fischer',
      } as const;
      insertHeldBack(
        backend.store.db,
        { ...message, data: { text: `extra ${i}` }, sentAt },
        rules.profanity,
        sentAt + 1,
      );
    }
    renderRoute('/');
    const card = await screen.findByRole('region', { name: 'Blocked messages' });
    expect(await within(card).findByText(/50\+/)).toHaveTextContent('50+ pending messages');
    expect(card).toHaveTextContent(
      'The service lists up to 50 blocked messages at a time; more may be waiting.',
    );
    expect(within(card).getByText(/^Oldest of the 50 listed blocked/)).toHaveTextContent(/ago$/);
  });

  it('shows admins the latest operator actions', async () => {
    const backend = installTestBackend({ role: 'admin' });
    // A moderator decides in another browser: the console server audits it in the shared store.
    const colleague = backend.otherBrowser();
    await colleague.signIn('test-moderator');
    const decided = await colleague.call('PATCH', '/api/moderation/blocked-messages/192', {
      body: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
    renderRoute('/');
    const recent = await screen.findByRole('region', { name: 'Recent operator actions' });
    const line = await within(recent).findByText(
      /reviewed a blocked message \(messageId 192 · status approved\)/,
    );
    expect(line).toHaveTextContent(
      'test-moderator reviewed a blocked message (messageId 192 · status approved)',
    );
    expect(screen.getByRole('region', { name: 'Quick links' })).toBeInTheDocument();
  });

  it('words every action on the chat service, a member kicked from a group too', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const colleague = backend.otherBrowser();
    await colleague.signIn('test-moderator');
    const members = await colleague.call(
      'GET',
      '/api/groups/hiking-club/members?scopes=participant',
    );
    const { data } = (await members.json()) as { data: { uid: string }[] };
    const uid = data.at(-1)?.uid ?? '';
    const kicked = await colleague.call('DELETE', `/api/groups/hiking-club/members/${uid}`);
    expect(kicked.status).toBe(200);
    renderRoute('/');
    const recent = await screen.findByRole('region', { name: 'Recent operator actions' });
    expect(await within(recent).findByText(/removed a member from a group/)).toHaveTextContent(
      `test-moderator removed a member from a group (guid hiking-club · uid ${uid})`,
    );
  });
});
