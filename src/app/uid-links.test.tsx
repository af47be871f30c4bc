import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '@/api/schemas/session';
import { renderRoute } from '@/testing/render';
import { installTestBackend, type TestBackend } from '@/testing/test-backend';
import { bigMessageId } from '@/testing/message-helpers';

const uidsOf = (backend: TestBackend) =>
  backend.store.db.prepare('SELECT uid FROM users').pluck().all() as string[];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every uid of the demo shown as text on the page, outside a link to its user's overview: a uid
 * standing alone (not part of a longer id such as a conversation's).
 */
function plainUids(uids: readonly string[]): string[] {
  const patterns = uids.map((uid) => ({
    uid,
    pattern: new RegExp(`(^|[^\\w-])${escaped(uid)}($|[^\\w-])`, 'i'),
  }));
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const { uid, pattern } of patterns) {
      if (!pattern.test(text)) continue;
      const link = node.parentElement?.closest('a');
      if (link?.getAttribute('href') !== `/users/${uid}`) found.push(`${uid} in “${text}”`);
    }
  }
  return found;
}

/** Renders `path` as `role`, waits for `ready`, and returns the uids shown as plain text. */
async function walk(
  path: string | (() => string),
  ready: (view: ReturnType<typeof renderRoute>) => Promise<unknown>,
  role: OperatorRole = 'admin',
  stage?: (backend: TestBackend) => Promise<unknown>,
) {
  const backend = installTestBackend({ role });
  await stage?.(backend);
  const view = renderRoute(typeof path === 'string' ? path : path());
  await ready(view);
  return plainUids(uidsOf(backend));
}

const table = (name: string) => screen.findByRole('table', { name }, { timeout: 10_000 });
const rowsOf = async (name: string, atLeast = 1) =>
  expect((await within(await table(name)).findAllByRole('row')).length).toBeGreaterThan(atLeast);

// Each test renders a whole page through the real console server and emulator: a generous budget.
describe('Every uid shown links to the user', { timeout: 30_000 }, () => {
  it('in the message search results', async () => {
    const plain = await walk('/messages?sender=olivia-bennett', () => rowsOf('Search results'));
    expect(plain).toEqual([]);
  });

  it('on the message page: sender, receiver and the users who reacted', async () => {
    let id = '';
    const plain = await walk(
      () => `/messages/${id}`,
      async () => {
        await screen.findByRole('region', { name: 'Sender' }, { timeout: 10_000 });
        const records = await screen.findByRole('region', { name: 'Reaction records' });
        expect((await within(records).findAllByRole('listitem')).length).toBeGreaterThan(3);
      },
      'support',
      (backend) => {
        id = bigMessageId(backend);
        return Promise.resolve();
      },
    );
    expect(plain).toEqual([]);
  });

  it('in a group’s members', async () => {
    expect(await walk('/groups/hiking-club/members', () => rowsOf('Members'))).toEqual([]);
  });

  it('in a group’s banned users', async () => {
    expect(await walk('/groups/hiking-club/banned', () => rowsOf('Banned users'))).toEqual([]);
  });

  it('in the users directory', async () => {
    expect(await walk('/users', () => rowsOf('Users', 5))).toEqual([]);
  });

  it('in the audit log: targets and on-behalf-of uids', async () => {
    const plain = await walk(
      '/audit',
      async () => {
        const log = await table('Audit log');
        await within(log).findByText(/bans\.add/);
      },
      'admin',
      async (backend) => {
        await backend.ready;
        const answer = await backend.callConsole(
          'POST',
          '/api/groups/hiking-club/bannedusers/jack-murphy',
          { headers: { 'x-console-reason': 'Spam' } },
        );
        expect(answer.status).toBe(200);
      },
    );
    expect(plain).toEqual([]);
  });

  it('in the insights’ reporters', async () => {
    const plain = await walk(
      '/moderation/insights',
      () => screen.findByRole('region', { name: 'Flag reports per reporter' }, { timeout: 10_000 }),
      'moderator',
    );
    expect(plain).toEqual([]);
  });

  it('in the flagged queue’s reporters', async () => {
    const plain = await walk(
      '/moderation/flagged',
      () => screen.findByRole('region', { name: /^Flags on message/ }, { timeout: 10_000 }),
      'moderator',
    );
    expect(plain).toEqual([]);
  });

  it('in the blocked queue’s sender', async () => {
    const plain = await walk(
      '/moderation/blocked',
      async ({ user }) => {
        const list = await screen.findByRole(
          'listbox',
          { name: 'Blocked messages' },
          { timeout: 10_000 },
        );
        list.focus();
        await user.keyboard('o');
        const panel = await screen.findByRole('complementary', { name: 'Conversation context' });
        await within(panel).findByRole('list', { name: 'Messages around the blocked one' });
      },
      'moderator',
    );
    expect(plain).toEqual([]);
  });
});
