import { afterEach, describe, expect, it } from 'vitest';
import { queueClaimListSchema } from '../../../src/api/schemas/live-queue';
import {
  createEmulatorHarness,
  createHarness,
  type EmulatorHarness,
  type Harness,
} from '../test-support/harness';

const claimMs = 5 * 60_000;
let h: EmulatorHarness | undefined;
let echo: Harness | undefined;
afterEach(async () => {
  await h?.close();
  await echo?.close();
  h = undefined;
  echo = undefined;
});

async function harness() {
  h = await createEmulatorHarness({ liveQueue: { claimMs } });
  return h;
}

const claims = async (harness: EmulatorHarness) =>
  queueClaimListSchema.parse(
    await (
      await harness.call('GET', '/console/queue/claims', { cookie: harness.cookies.support })
    ).json(),
  ).data;

/** The id of a message waiting in the emulator's demo queue. */
async function pendingId(harness: EmulatorHarness) {
  const res = await harness.call('GET', '/api/moderation/blocked-messages', {
    cookie: harness.cookies.moderator,
  });
  const body = (await res.json()) as { data: { message: { id: string } }[] };
  const id = body.data[0]?.message.id;
  if (!id) throw new Error('no pending item');
  return id;
}

describe('queue claims', () => {
  it('answers 409 with who holds a claim, and a take-over takes it and is audited', async () => {
    const t = await harness();
    const mine = await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.moderator });
    expect(mine.status).toBe(200);
    const theirs = await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.admin });
    expect(theirs.status).toBe(409);
    expect(await theirs.json()).toMatchObject({
      error: {
        code: 'CONSOLE_CLAIMED',
        message: 'moderator is reviewing this message.',
        details: { operator: ['moderator'] },
      },
    });
    expect(await claims(t)).toEqual([
      { messageId: '12', operator: 'moderator', expiresAt: '2030-01-01T09:05:00.000Z' },
    ]);
    const taken = await t.call('POST', '/console/queue/claims/12/take-over', {
      cookie: t.cookies.admin,
    });
    expect(taken.status).toBe(200);
    expect(await claims(t)).toMatchObject([{ messageId: '12', operator: 'admin' }]);
    const row = (await t.auditRows()).find((r) => r.action === 'claims.take-over');
    expect(row).toMatchObject({
      operator: 'admin',
      outcome: 'ok',
      status: 200,
      targets: JSON.stringify({ messageId: '12', from: 'moderator' }),
    });
    // A moderator reviews one message at a time: claiming another releases the first.
    await t.call('POST', '/console/queue/claims/13', { cookie: t.cookies.admin });
    expect(await claims(t)).toMatchObject([{ messageId: '13', operator: 'admin' }]);
  });

  it('expires after the claim time unless renewed', async () => {
    const t = await harness();
    await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.moderator });
    t.clock.now += claimMs - 1000;
    await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.moderator });
    t.clock.now += claimMs - 1000;
    expect(
      (await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.admin })).status,
    ).toBe(409);
    t.clock.now += 1000;
    expect(await claims(t)).toEqual([]);
    expect(
      (await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.admin })).status,
    ).toBe(200);
    expect((await t.auditRows()).some((r) => r.action === 'claims.take-over')).toBe(false);
  });

  it('is released when a decision on the message completes, and by its holder only', async () => {
    const t = await harness();
    const id = await pendingId(t);
    await t.call('POST', `/console/queue/claims/${id}`, { cookie: t.cookies.moderator });
    const other = await t.call('DELETE', `/console/queue/claims/${id}`, {
      cookie: t.cookies.admin,
    });
    expect(other.status).toBe(204);
    expect(await claims(t)).toHaveLength(1);
    const decided = await t.call('PATCH', `/api/moderation/blocked-messages/${id}`, {
      cookie: t.cookies.admin,
      body: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
    expect(await claims(t)).toEqual([]);
    await t.call('POST', '/console/queue/claims/14', { cookie: t.cookies.moderator });
    await t.call('DELETE', '/console/queue/claims/14', { cookie: t.cookies.moderator });
    expect(await claims(t)).toEqual([]);
  });

  it('refuses support staff, who may watch but not claim, and nothing reaches the service', async () => {
    const t = await createHarness();
    echo = t;
    const refused = await t.call('POST', '/console/queue/claims/12', { cookie: t.cookies.support });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'CONSOLE_FORBIDDEN' } });
    expect(
      (await t.call('POST', '/console/queue/claims/12/take-over', { cookie: t.cookies.support }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/console/queue/claims', { cookie: t.cookies.support })).status,
    ).toBe(200);
    expect(t.upstream.seen).toEqual([]);
    expect((await t.auditRows()).at(-1)).toMatchObject({
      operator: 'support',
      outcome: 'denied',
      status: 403,
    });
    const bad = await t.call('POST', '/console/queue/claims/a%20b', { cookie: t.cookies.admin });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'CONSOLE_BAD_REQUEST', details: { messageId: [expect.any(String)] } },
    });
  });
});
