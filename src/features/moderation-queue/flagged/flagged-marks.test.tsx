import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStream } from '@/testing/live-stream';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';

afterEach(() => vi.unstubAllGlobals());

interface Listed {
  data: { id: string }[];
}

async function pendingIds(backend: TestBackend) {
  const body = (await (await backend.call('GET', '/moderation/flagged-messages')).json()) as Listed;
  return body.data.map((item) => item.id);
}

const option = (list: HTMLElement, id: string) => list.querySelector(`#flagged-item-${id}`);

// Two browsers, each with its own console server: more to start than one.
describe('the flagged list beside another moderator', { timeout: 15_000 }, () => {
  it('shows on each row who else is reviewing it', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const [, second] = await pendingIds(backend);
    const other = backend.otherBrowser();
    await other.signIn('test-admin');
    expect((await other.call('POST', `/console/queue/claims/${second}`)).status).toBe(200);
    renderRoute('/moderation/flagged');
    const list = await screen.findByRole('listbox', { name: 'Flagged messages' });
    const row = await within(list).findByRole(
      'option',
      { name: /^Test-admin is reviewing: / },
      { timeout: 4000 },
    );
    expect(row).toHaveAttribute('id', `flagged-item-${second}`);
    expect(row).toHaveTextContent('Test-admin is reviewing');
    expect(within(list).getAllByRole('option', { name: /is reviewing/ })).toHaveLength(1);
  });

  it('keeps a flag decided elsewhere under the cursor, marked with who and when, until the moderator moves on', async () => {
    LiveStream.install();
    const backend = installTestBackend({ role: 'moderator' });
    const [first, second, third] = await pendingIds(backend);
    const other = backend.otherBrowser();
    await other.signIn('test-admin');
    const { user } = renderRoute('/moderation/flagged');
    const list = await screen.findByRole('listbox', { name: 'Flagged messages' });
    const count = within(list).getAllByRole('option').length;
    expect(list).toHaveAttribute('aria-activedescendant', `flagged-item-${first}`);
    for (const id of [first, third])
      await other.call('PATCH', `/api/moderation/flagged-messages/${id}`, {
        body: { status: 'disapproved' },
      });
    const at = new Date().toISOString();
    const latest: unknown = await (
      await other.call('GET', '/api/moderation/flagged-messages')
    ).json();
    await LiveStream.send('queue', {
      version: 2,
      list: latest,
      added: [],
      removed: [first, third].map((messageId) => ({
        messageId,
        note: 'Blocked by test-admin',
        decided: { status: 'rejected', by: 'test-admin', at },
      })),
    });

    const marked = within(list).getByRole('option', {
      name: /^Decided elsewhere \(Blocked by test-admin at \d\d:\d\d\): /,
    });
    expect(marked).toHaveAttribute('id', `flagged-item-${first}`);
    expect(marked).toHaveAttribute('aria-disabled', 'true');
    expect(marked).toHaveTextContent(/Blocked by test-admin at \d\d:\d\d/);
    // The one further down left at once, said in words.
    expect(option(list, third!)).toBeNull();
    expect(
      await screen.findByText(
        new RegExp(`^message ${third} from .* left the queue: Blocked by test-admin\\.$`),
      ),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('option')).toHaveLength(count - 1);

    // Nothing acts on it: no review is sent.
    list.focus();
    await user.keyboard('a');
    expect(
      await screen.findByText(/was decided elsewhere, so there is nothing to do here/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    // Moving on, it leaves.
    await user.keyboard('j');
    expect(list).toHaveAttribute('aria-activedescendant', `flagged-item-${second}`);
    expect(option(list, first!)).toBeNull();
    expect(
      await screen.findByText(
        new RegExp(`^message ${first} from .* left the queue: Blocked by test-admin\\.$`),
      ),
    ).toBeInTheDocument();
  });
});
