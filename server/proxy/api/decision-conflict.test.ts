import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { realBodies } from '../../../src/api/contract/real-bodies';
import {
  createEmulatorHarness,
  createHarness,
  type EmulatorHarness,
  type Harness,
} from '../test-support/harness';

let h: EmulatorHarness | Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const review = (
  hh: Harness,
  who: string,
  id: string,
  status: 'approved' | 'rejected',
  headers: Record<string, string> = {},
) =>
  hh.call('PATCH', `/api/moderation/blocked-messages/${id}`, {
    cookie: who,
    body: { status },
    headers,
  });

/** Where the service says the blocked message stands. */
const serviceStatus = (hh: EmulatorHarness, id: string) =>
  z
    .string()
    .parse(
      hh.emulatorStore.db
        .prepare('SELECT status FROM blocked_messages WHERE message_id = ?')
        .pluck()
        .get(Number(id)),
    );

const reviewRows = async (hh: Harness) =>
  (await hh.auditRows())
    .filter((row) => row.action === 'blocked.review')
    .map((row) => [row.operator, row.outcome, row.status, row.detail]);

const conflictBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())),
  }),
});

describe('decision conflicts on the blocked-messages queue', () => {
  it('refuses with 409 to overturn another operator’s decision, says who and when, and audits the refusal', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    expect((await review(hh, hh.cookies.admin, '187', 'rejected')).status).toBe(200);

    const stale = await review(hh, hh.cookies.moderator, '187', 'approved');
    expect(stale.status).toBe(409);
    const { error } = conflictBody.parse(await stale.json());
    expect(error.code).toBe('CONSOLE_ALREADY_DECIDED');
    expect(error.message).toMatch(/^Already rejected by admin at \d\d:\d\d$/);
    expect(error.details).toEqual({
      status: ['rejected'],
      by: ['admin'],
      at: ['2030-01-01T09:00:00.000Z'],
    });
    expect(serviceStatus(hh, '187')).toBe('rejected');
    expect(await reviewRows(hh)).toEqual([
      ['admin', 'ok', 200, null],
      ['moderator', 'denied', 409, 'already rejected by admin at 2030-01-01T09:00:00.000Z'],
    ]);

    // The same status by someone else is refused too: the moderator learns it was decided.
    expect((await review(hh, hh.cookies.moderator, '187', 'rejected')).status).toBe(409);
  });

  it('forwards an explicit override and records what it overrode', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    await review(hh, hh.cookies.admin, '187', 'rejected');
    const override = await review(hh, hh.cookies.moderator, '187', 'approved', {
      'x-console-override': 'decided',
    });
    expect(override.status).toBe(200);
    expect(serviceStatus(hh, '187')).toBe('approved');
    expect((await reviewRows(hh)).at(-1)).toEqual([
      'moderator',
      'ok',
      200,
      'override of rejected by admin (2030-01-01T09:00:00.000Z)',
    ]);
    // Any other value of the header is no override.
    expect(
      (await review(hh, hh.cookies.admin, '187', 'rejected', { 'x-console-override': 'yes' }))
        .status,
    ).toBe(409);
  });

  it('lets an operator repeat their own decision, not turn it around', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    expect((await review(hh, hh.cookies.moderator, '182', 'rejected')).status).toBe(200);
    expect((await review(hh, hh.cookies.moderator, '182', 'rejected')).status).toBe(200);
    const turned = await review(hh, hh.cookies.moderator, '182', 'approved');
    expect(turned.status).toBe(409);
    expect(conflictBody.parse(await turned.json()).error.details.by).toEqual(['moderator']);
    expect(serviceStatus(hh, '182')).toBe('rejected');
  });

  it('refuses a decision the service lists as taken outside the console, sending only the read', async () => {
    const [listed] = realBodies.filter((body) =>
      body.name.startsWith('GET /moderation/blocked-messages'),
    );
    const item = z.object({ data: z.array(z.record(z.string(), z.unknown())) }).parse(listed?.body)
      .data[0];
    const decided: unknown = JSON.parse(JSON.stringify(item).replace('"pending"', '"disapproved"'));
    const hh = await createHarness({
      reply: (req) =>
        req.url === '/v3/moderation/reviewed-messages'
          ? {
              body: JSON.stringify({ data: [decided], meta: { current: { limit: 50, count: 1 } } }),
            }
          : {},
    });
    h = hh;
    const res = await review(hh, hh.cookies.moderator, '65', 'approved');
    expect(res.status).toBe(409);
    const { error } = conflictBody.parse(await res.json());
    expect(error.details).toEqual({
      status: ['rejected'],
      by: [],
      at: ['2024-07-03T07:50:38.000Z'],
    });
    expect(error.message).toMatch(
      /^Already rejected by someone outside the console on 2024-07-0\d at \d\d:\d\d$/,
    );
    expect(hh.upstream.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v3/moderation/reviewed-messages',
    ]);
  });

  it('lets a decision go ahead when the service’s complete reviewed list shows the item undecided again', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    expect((await review(hh, hh.cookies.admin, '187', 'rejected')).status).toBe(200);
    // The item is pending again at the service (as after a demo reset), though the audit says rejected.
    hh.emulatorStore.db
      .prepare("UPDATE blocked_messages SET status = 'pending' WHERE message_id = 187")
      .run();
    expect((await review(hh, hh.cookies.moderator, '187', 'approved')).status).toBe(200);
    expect(serviceStatus(hh, '187')).toBe('approved');
  });

  it('counts a decision whose answer never came as taken: it may have been applied', async () => {
    const hh = await createHarness({
      reply: (req) => (req.method === 'PATCH' ? 'hang' : { status: 503, body: '{}' }),
    });
    h = hh;
    expect((await review(hh, hh.cookies.moderator, '9', 'rejected')).status).toBe(504);
    expect((await hh.auditRows()).find((row) => row.action === 'blocked.review')?.outcome).toBe(
      'unknown',
    );

    const other = await review(hh, hh.cookies.admin, '9', 'approved');
    expect(other.status).toBe(409);
    expect(conflictBody.parse(await other.json()).error.details.by).toEqual(['moderator']);
    expect(hh.upstream.seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('decides on the console’s own audit trail alone when the reviewed list cannot be read, and logs it', async () => {
    const hh = await createHarness({
      reply: (req) =>
        req.url === '/v3/moderation/reviewed-messages' ? { status: 500, body: '{}' } : {},
    });
    h = hh;
    expect((await review(hh, hh.cookies.moderator, '9', 'approved')).status).toBe(200);
    expect(hh.upstream.seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(hh.lines.some((line) => line.includes('reviewed list unreadable'))).toBe(true);

    const other = await review(hh, hh.cookies.admin, '9', 'rejected');
    expect(other.status).toBe(409);
    expect(hh.upstream.seen.map((r) => r.method)).toEqual(['GET', 'PATCH', 'GET']);
  });
});

describe('two moderators deciding one message at the same moment', () => {
  it('lets one decision through and refuses the other, even on two replicas', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    const other = hh.replica();
    const [first, second] = await Promise.all([
      review(hh, hh.cookies.admin, '187', 'approved'),
      other.call('PATCH', '/api/moderation/blocked-messages/187', {
        cookie: hh.cookies.moderator,
        body: { status: 'rejected' },
      }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(conflictBody.parse(await refused.json()).error.code).toBe('CONSOLE_ALREADY_DECIDED');
    // Only the decision that went through reached the service, and the trail says so.
    const winner = first.status === 200 ? 'approved' : 'rejected';
    expect(serviceStatus(hh, '187')).toBe(winner);
    const rows = await reviewRows(hh);
    expect(rows.filter(([, outcome]) => outcome === 'ok')).toHaveLength(1);
    expect(rows.filter(([, outcome]) => outcome === 'denied')).toHaveLength(1);
  });
});
