import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmulatorApp } from '../../emulator/app';
import type { EmulatorStore } from '../../emulator/store';
import { fetchHandlerForward } from './forward';
import {
  createEmulatorHarness,
  createHarness,
  type EmulatorHarness,
  type Harness,
} from '../test-support/harness';

// The console in front of the real emulator, in process: the wiring tests and dev use.
let h: EmulatorHarness | Harness;
let emulatorStore: EmulatorStore;
beforeEach(async () => {
  const wired = await createEmulatorHarness();
  emulatorStore = wired.emulatorStore;
  h = wired;
});
afterEach(async () => {
  await h.close();
  // The wrong-key case swaps in a plain harness, which leaves the emulator's store to close here.
  if (emulatorStore.db.open) emulatorStore.close();
});

const reactionList = z.object({
  data: z.array(z.object({ uid: z.string(), reaction: z.string() })),
});

describe('console → emulator', () => {
  it('reads, reacts on behalf of a user and reviews a blocked message, all audited', async () => {
    const users = await h.call('GET', '/api/users?perPage=2', { cookie: h.cookies.support });
    expect(users.status).toBe(200);
    expect(
      z
        .object({ data: z.array(z.object({ uid: z.string() })).length(2) })
        .safeParse(await users.json()).success,
    ).toBe(true);

    const thumbs = encodeURIComponent('👍');
    const add = await h.call('POST', `/api/messages/195/reactions/${thumbs}`, {
      cookie: h.cookies.moderator,
      headers: { onBehalfOf: 'ethan-brooks', 'x-console-reason': 'ticket-9' },
    });
    expect(add.status).toBe(200);
    const listed = reactionList.parse(
      await (
        await h.call('GET', `/api/messages/195/reactions/${thumbs}`, { cookie: h.cookies.support })
      ).json(),
    );
    expect(listed.data.some((r) => r.uid === 'ethan-brooks' && r.reaction === '👍')).toBe(true);

    const review = await h.call('PATCH', '/api/moderation/blocked-messages/192', {
      cookie: h.cookies.moderator,
      body: { status: 'approved' },
    });
    expect(review.status).toBe(200);

    expect(
      (await h.auditRows())
        .filter((r) => r.outcome === 'ok' && r.action !== 'auth.login')
        .map((r) => `${String(r.action)} ${String(r.targets)}`),
    ).toEqual([
      'reactions.add {"id":"195","reaction":"👍"}',
      'blocked.review {"messageId":"192","status":"approved"}',
    ]);
  });

  it('passes the service errors through, and hides a key problem behind a generic 502', async () => {
    const missing = await h.call('GET', '/api/users/nobody-here', { cookie: h.cookies.support });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'ERR_UID_NOT_FOUND' } });

    const wrongKey = createEmulatorApp({ store: emulatorStore, apiKey: 'another-key' });
    await h.close();
    h = await createHarness({
      deps: {
        upstream: { baseUrl: 'http://emulator.invalid/v3', apiKey: 'emulator-key' },
        forward: fetchHandlerForward((req) => wrongKey.fetch(req)),
      },
    });
    const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: {
        code: 'CONSOLE_UPSTREAM_CREDENTIALS',
        message: 'upstream credentials rejected',
        details: { outcome: 'failed' },
      },
    });
  });
});
