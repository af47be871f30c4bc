import { afterEach, describe, expect, it } from 'vitest';
import { blockedMessageListResponseSchema } from '../../../src/api/schemas/blocked-message';
import { errorBodySchema } from '../../../src/api/schemas/common';
import { reviewedMessageListResponseSchema } from '../../../src/api/schemas/flagged-message';
import { insightsResponseSchema } from '../../../src/api/schemas/insights';
import {
  createEmulatorHarness,
  createHarness,
  type EmulatorHarness,
  type Harness,
} from '../test-support/harness';

let h: Harness | EmulatorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('GET /console/insights', () => {
  it('refuses support and bad queries with the error envelope, before anything reaches the service', async () => {
    const harness = await createHarness();
    h = harness;
    const refused = await harness.call('GET', '/console/insights?range=7d', {
      cookie: harness.cookies.support,
    });
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).error.code).toBe('CONSOLE_FORBIDDEN');
    expect((await harness.auditRows()).at(-1)).toMatchObject({
      operator: 'support',
      outcome: 'denied',
      status: 403,
    });

    for (const query of ['?range=1y', '?range=7d&operator=sam', '?range=']) {
      const res = await harness.call('GET', `/console/insights${query}`, {
        cookie: harness.cookies.moderator,
      });
      expect(res.status).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error.code).toBe('CONSOLE_BAD_REQUEST');
    }
    const bad = await harness.call('GET', '/console/insights?range=1y', {
      cookie: harness.cookies.admin,
    });
    expect(errorBodySchema.parse(await bad.json()).error.details).toEqual({
      range: ['The range must be 24h, 7d or 30d.'],
    });
    expect(harness.upstream.seen).toEqual([]);

    const anonymous = await harness.call('GET', '/console/insights');
    expect(anonymous.status).toBe(401);
  });

  it("counts a moderator's decision under the rule of the item the queue listed", async () => {
    const harness = await createEmulatorHarness();
    h = harness;
    const cookie = harness.cookies.moderator;
    const list = blockedMessageListResponseSchema.parse(
      await (await harness.call('GET', '/api/moderation/blocked-messages', { cookie })).json(),
    );
    const [first, second] = list.data;
    if (!first || !second) throw new Error('the demo queue has items');
    for (const [item, status] of [
      [first, 'approved'],
      [second, 'rejected'],
    ] as const) {
      const res = await harness.call(
        'PATCH',
        `/api/moderation/blocked-messages/${item.message.id}`,
        { cookie, body: { status } },
      );
      expect(res.status).toBe(200);
    }

    const res = await harness.call('GET', '/console/insights?range=24h', { cookie });
    expect(res.status).toBe(200);
    const { data } = insightsResponseSchema.parse(await res.json());
    expect(data.totals).toEqual({ approved: 1, rejected: 1, deleted: 0, decided: 2 });
    expect(data.moderators).toEqual([
      { operator: 'moderator', approved: 1, rejected: 1, deleted: 0 },
    ]);
    const rule = (id: string) => data.rules.find((entry) => entry.ruleId === id);
    if (first.ruleId === second.ruleId) {
      expect(rule(first.ruleId)).toMatchObject({ approved: 1, rejected: 1, approvalRate: 0.5 });
    } else {
      expect(rule(first.ruleId)).toMatchObject({ approved: 1, decided: 1, approvalRate: 1 });
      expect(rule(second.ruleId)).toMatchObject({ rejected: 1, decided: 1, approvalRate: 0 });
    }
    expect(data.rules.some((entry) => entry.ruleId === null)).toBe(false);
    const decidedAt = harness.clock.now / 1000;
    const waits = [first, second]
      .map((item) => decidedAt - item.message.sentAt)
      .sort((a, b) => a - b);
    expect(data.timeToDecision).toEqual({
      medianSeconds: Math.round((waits[0]! + waits[1]!) / 2),
      measured: 2,
      unknown: 0,
    });
    expect(data.queue.now).toMatchObject({ size: list.data.length - 2, complete: true });
  });

  it('gives the median time to decision of the flags the service lists as decided', async () => {
    const harness = await createEmulatorHarness();
    h = harness;
    const cookie = harness.cookies.moderator;
    const flagged = await harness.call('GET', '/api/moderation/flagged-messages', { cookie });
    const [pending] = ((await flagged.json()) as { data: { id: string }[] }).data;
    if (!pending) throw new Error('the demo has flagged messages');
    const decided = await harness.call('PATCH', `/api/moderation/flagged-messages/${pending.id}`, {
      cookie,
      body: { status: 'disapproved' },
    });
    expect(decided.status).toBe(200);

    const reviewed = reviewedMessageListResponseSchema.parse(
      await (await harness.call('GET', '/api/moderation/reviewed-messages', { cookie })).json(),
    );
    const waits = reviewed.flags
      .map((item) => {
        const reports = item.flaggedBy.flatMap((r) =>
          r.flaggedAt === undefined ? [] : [r.flaggedAt],
        );
        const since = reports.length > 0 ? Math.min(...reports) : item.message.sentAt;
        return (item.updatedAt ?? item.message.updatedAt ?? since) - since;
      })
      .sort((a, b) => a - b);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    const mid = Math.floor((waits.length - 1) / 2);
    const median =
      waits.length % 2 === 0 ? Math.round((waits[mid]! + waits[mid + 1]!) / 2) : waits[mid]!;

    const res = await harness.call('GET', '/console/insights?range=7d', { cookie });
    const { data } = insightsResponseSchema.parse(await res.json());
    expect(data.flagTimeToDecision).toEqual({ medianSeconds: median, measured: waits.length });
  });

  it('says the flags’ wait is not known when the reviewed list cannot be read', async () => {
    const harness = await createHarness({ reply: () => ({ status: 503, body: '{}' }) });
    h = harness;
    const res = await harness.call('GET', '/console/insights?range=24h', {
      cookie: harness.cookies.moderator,
    });
    expect(res.status).toBe(200);
    const { data } = insightsResponseSchema.parse(await res.json());
    expect(data.flagTimeToDecision).toBeNull();
    expect(data.queue.problem).toBe('Queue not read: the service answered 503');
  });
});
