import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';
import { bigMessageId, storedReactors } from '../../../testing/message-helpers';

/** Headers of the reaction writes the page sent, as the network saw them. */
function captureReactionWrites() {
  const writes: {
    method: string;
    path: string;
    onBehalfOf: string | null;
    reason: string | null;
  }[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' || !url.pathname.includes('/reactions/')) return;
    writes.push({
      method: request.method,
      path: url.pathname,
      onBehalfOf: request.headers.get('onBehalfOf'),
      reason: request.headers.get('x-console-reason'),
    });
  });
  return writes;
}

afterEach(() => mswServer.events.removeAllListeners());

async function fillOnBehalf(
  user: UserEvent,
  opts: { who: RegExp; search: string; emoji: string; action?: 'remove'; reason: string },
) {
  await user.click(await screen.findByRole('button', { name: 'React on behalf…' }));
  const dialog = await screen.findByRole('dialog', { name: 'React on behalf of a user' });
  await user.type(
    await within(dialog).findByRole('combobox', { name: /act as user/i }),
    opts.search,
  );
  await user.click(await screen.findByRole('option', { name: opts.who }));
  expect(within(dialog).getByText(/You are acting on behalf of/)).toBeInTheDocument();
  if (opts.action === 'remove')
    await user.click(within(dialog).getByRole('radio', { name: 'Remove a reaction' }));
  await user.click(within(dialog).getByRole('button', { name: opts.emoji }));
  // Pasted, as a ticket reference usually is: typing it key by key would re-render the form per key.
  await user.click(within(dialog).getByRole('textbox', { name: /reason/i }));
  await user.paste(opts.reason);
  await user.click(within(dialog).getByRole('button', { name: 'Review' }));
}

describe('Reacting on behalf of a user', () => {
  it('adds a reaction as the chosen user; count, store and headers follow', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const writes = captureReactionWrites();
    const id = bigMessageId(backend);
    const { user } = renderRoute(`/messages/${id}`);
    const summary = await screen.findByRole('group', { name: 'Reactions summary' });
    expect(within(summary).queryByRole('button', { name: /^👍 / })).not.toBeInTheDocument();

    await fillOnBehalf(user, {
      who: /Amelia Hart/,
      search: 'amelia',
      emoji: 'thumbs up',
      reason: 'Ticket 4411: tapped the wrong emoji',
    });
    const confirm = await screen.findByRole('dialog', { name: 'React as Amelia Hart with 👍?' });
    await user.click(within(confirm).getByRole('button', { name: 'React as Amelia Hart' }));
    expect(await screen.findByText('Reacted as Amelia Hart with 👍.')).toBeInTheDocument();
    expect(
      await within(summary).findByRole('button', { name: /^👍 1 reaction \(thumbs up\)/ }),
    ).toBeInTheDocument();
    expect(storedReactors(backend, id, '👍')).toEqual(['amelia-hart']);
    expect(writes).toEqual([
      {
        method: 'POST',
        path: `/api/messages/${id}/reactions/%F0%9F%91%8D`,
        onBehalfOf: 'amelia-hart',
        reason: encodeURIComponent('Ticket 4411: tapped the wrong emoji'),
      },
    ]);
  });

  it('removes a reaction as the chosen user; count, store and headers follow', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = bigMessageId(backend);
    const colleague = backend.otherBrowser();
    await colleague.signIn('test-admin');
    const added = await colleague.call('POST', `/api/messages/${id}/reactions/%F0%9F%91%8D`, {
      headers: { onBehalfOf: 'amelia-hart', 'x-console-reason': 'setup' },
    });
    expect(added.status).toBe(200);
    const writes = captureReactionWrites();
    const { user } = renderRoute(`/messages/${id}`);
    const summary = await screen.findByRole('group', { name: 'Reactions summary' });
    expect(
      await within(summary).findByRole('button', { name: /^👍 1 reaction \(thumbs up\)/ }),
    ).toBeInTheDocument();

    await fillOnBehalf(user, {
      who: /Amelia Hart/,
      search: 'amelia',
      emoji: 'thumbs up',
      action: 'remove',
      reason: 'Ticket 4411: undo',
    });
    const removal = await screen.findByRole('dialog', {
      name: 'Remove Amelia Hart’s 👍 reaction?',
    });
    await user.click(within(removal).getByRole('button', { name: 'Remove reaction' }));
    expect(await screen.findByText('Removed Amelia Hart’s 👍 reaction.')).toBeInTheDocument();
    await expect.poll(() => within(summary).queryByRole('button', { name: /^👍 / })).toBeNull();
    expect(storedReactors(backend, id, '👍')).toEqual([]);
    expect(writes).toEqual([
      {
        method: 'DELETE',
        path: `/api/messages/${id}/reactions/%F0%9F%91%8D`,
        onBehalfOf: 'amelia-hart',
        reason: encodeURIComponent('Ticket 4411: undo'),
      },
    ]);
  });

  it('shows the service error in plain words when the user has no such reaction', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = bigMessageId(backend);
    const { user } = renderRoute(`/messages/${id}`);
    await fillOnBehalf(user, {
      who: /Amelia Hart/,
      search: 'amelia',
      emoji: 'thumbs down',
      action: 'remove',
      reason: 'Ticket 4412',
    });
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove Amelia Hart’s 👎 reaction?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Remove reaction' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'amelia-hart has not reacted with 👎',
    );
    expect(storedReactors(backend, id, '👎')).toEqual([]);
  });

  it('requires a user, a reaction and a reason before anything is sent', async () => {
    const backend = installTestBackend({ role: 'admin' });
    const { user } = renderRoute(`/messages/${bigMessageId(backend)}`);
    await user.click(await screen.findByRole('button', { name: 'React on behalf…' }));
    const dialog = await screen.findByRole('dialog', { name: 'React on behalf of a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Pick the user to act as.')).toBeInTheDocument();
    expect(within(dialog).getByText('The reaction is required.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Say why you act for this user/)).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('accepts a typed text token and removes a listed reaction from its row', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const id = bigMessageId(backend);
    const { user } = renderRoute(`/messages/${id}`);
    const summary = await screen.findByRole('group', { name: 'Reactions summary' });
    await user.click(within(summary).getByRole('button', { name: /^:party: \d+ reactions/ }));
    const list = await screen.findByRole('region', { name: 'Reaction records for :party:' });
    const [first] = await within(list).findAllByRole('listitem');
    const uid = storedReactors(backend, id, ':party:')[0] ?? '';
    const before = storedReactors(backend, id, ':party:').length;
    await user.click(
      within(first ?? list).getByRole('button', { name: /^Remove .*’s :party: reaction$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'React on behalf of a user' });
    expect(within(dialog).getByRole('radio', { name: 'Remove a reaction' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^reaction/i })).toHaveValue(':party:');
    await user.type(within(dialog).getByRole('textbox', { name: /reason/i }), 'Spam reactions');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Remove reaction' }));
    await expect.poll(() => storedReactors(backend, id, ':party:').length).toBe(before - 1);
    expect(storedReactors(backend, id, ':party:')).not.toContain(uid);
    expect(
      await within(summary).findByRole('button', {
        name: new RegExp(`^:party: ${before - 1} reactions`),
      }),
    ).toBeInTheDocument();
  });

  it("names a row's remove button in one shared tooltip on hover, which Escape closes", async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute(`/messages/${bigMessageId(backend)}`);
    const list = await screen.findByRole('region', { name: /^Reaction records/ });
    const [first, second] = await within(list).findAllByRole('button', {
      name: /^Remove .*’s .* reaction$/,
    });
    await user.hover(first ?? list);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      first?.getAttribute('aria-label') ?? 'none',
    );
    await user.hover(second ?? list);
    await expect
      .poll(() => screen.getByRole('tooltip').textContent)
      .toBe(second?.getAttribute('aria-label'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });
});
