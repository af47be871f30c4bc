import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from './audit-log';
import { createHarness, memoryLogger, type Harness } from '../test-support/harness';
import { openTestStore } from '../test-support/test-store';
import { createDenialCoalescer } from './denial-coalescer';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const minute = 60_000;
const refusals = async () =>
  ((await h?.auditRows()) ?? []).filter((row) => row.outcome === 'denied');

describe('unauthenticated refusals in the audit trail', () => {
  it('coalesces a flood from one client into one row a minute, with the count', async () => {
    h = await createHarness();
    for (let i = 0; i < 300; i++) {
      const res = await h.call('GET', `/api/users/u${i}`, { client: '203.0.113.9' });
      expect(res.status).toBe(401);
    }
    expect(await refusals()).toHaveLength(1);
    h.clock.now += minute;
    await h.call('GET', '/console/audit', { client: '203.0.113.9' });
    await h.call('GET', '/api/users', { client: '203.0.113.9' });
    expect(
      (await refusals()).map((row) => [row.operation, row.client, row.repeat_count, row.detail]),
    ).toEqual([
      ['GET /api/users/u0', '203.0.113.9', 300, 'no session'],
      ['GET /console/audit', '203.0.113.9', 1, 'no session'],
      ['GET /api/users', '203.0.113.9', 1, 'no session'],
    ]);
    expect((await refusals())[0]?.last_at).toBe(h.clock.now - minute);
  });

  it('keeps clients, path classes and codes apart', async () => {
    h = await createHarness();
    for (const client of ['203.0.113.9', '198.51.100.7', '203.0.113.9']) {
      await h.call('GET', '/api/users', { client });
      await h.call('POST', '/api/moderation/reasons', { client, crossSite: true, body: {} });
    }
    expect((await refusals()).map((row) => [row.client, row.operation, row.status])).toEqual([
      ['203.0.113.9', 'GET /api/users', 401],
      ['203.0.113.9', 'POST /api/moderation/reasons', 403],
      ['198.51.100.7', 'GET /api/users', 401],
      ['198.51.100.7', 'POST /api/moderation/reasons', 403],
    ]);
  });

  it('gives every refusal of a signed-in operator its own row', async () => {
    h = await createHarness();
    for (let i = 0; i < 3; i++) {
      const res = await h.call('GET', '/api/apikeys', {
        cookie: h.cookies.support,
        client: '203.0.113.9',
      });
      expect(res.status).toBe(404);
    }
    const res = await h.call('DELETE', '/api/messages/1', {
      cookie: h.cookies.support,
      crossSite: true,
    });
    expect(res.status).toBe(403);
    expect((await refusals()).map((row) => [row.operator, row.repeat_count, row.client])).toEqual([
      ['support', 1, null],
      ['support', 1, null],
      ['support', 1, null],
      [null, 1, null],
    ]);
  });
});

describe('the denial coalescer', () => {
  const refusal: AuditRecord = {
    at: 0,
    requestId: 'r',
    operator: null,
    role: null,
    action: 'request.denied',
    operation: 'GET /api/users',
    targets: {},
    onBehalfOf: null,
    reason: null,
    status: 401,
    upstreamStatus: null,
    outcome: 'denied',
    detail: 'no session',
    durationMs: 0,
  };

  it('shares one row per path class and code beyond its distinct refusals, and flushes counts at close', async () => {
    const store = await openTestStore();
    const coalescer = createDenialCoalescer({
      store,
      logger: memoryLogger().logger,
      now: () => 0,
      maxKeys: 2,
    });
    for (let client = 0; client < 10; client++) {
      for (let i = 0; i < 3; i++) {
        await coalescer.record(refusal, {
          client: `198.51.100.${client}`,
          pathClass: '/api',
          code: 'CONSOLE_UNAUTHENTICATED',
        });
      }
    }
    await coalescer.close();
    expect(
      await store.db
        .selectFrom('audit')
        .select(['client', 'repeat_count as n'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { client: '198.51.100.0', n: 3 },
      { client: '198.51.100.1', n: 3 },
      { client: '*', n: 24 },
    ]);
    await store.close();
  });

  it('counts refusals that arrive together into one row, and writes nothing once the store is closed', async () => {
    const store = await openTestStore();
    const { logger, lines } = memoryLogger();
    const coalescer = createDenialCoalescer({ store, logger, now: () => 0 });
    const key = { client: '203.0.113.9', pathClass: '/api', code: 'CONSOLE_UNAUTHENTICATED' };
    await Promise.all(Array.from({ length: 20 }, () => coalescer.record(refusal, key)));
    await coalescer.flush();
    expect(
      await store.db.selectFrom('audit').select(['client', 'repeat_count as n']).execute(),
    ).toEqual([{ client: '203.0.113.9', n: 20 }]);
    await coalescer.record(refusal, key);
    await store.close();
    await coalescer.close();
    expect(lines.join('')).not.toContain('audit repeat count not written');
  });
});
