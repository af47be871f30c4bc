import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

/**
 * Floods of refused requests: an operator ignoring Retry-After, and callers with no session or a
 * made-up one. Each refusal must cost no store statement and no log line of its own.
 */
let h: Harness;
let statements = 0;
beforeEach(async () => {
  // Replicas on PostgreSQL settle the rate limit on a timer (decision 0056): not within these tests,
  // which count the statements the refusals themselves cost.
  h = await createHarness({ deps: { rateLimit: { perSecond: 1, burst: 2, settleMs: 60_000 } } });
  // Counts every statement the console runs from here on.
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      statements++;
      return Promise.resolve(args.result);
    },
  };
  Object.defineProperty(h.store, 'db', { value: h.store.db.withPlugin(counting) });
});
afterEach(() => h.close());

const requestLines = () => h.lines.filter((line) => line.includes('"msg":"request"')).length;

describe('a flood of refusals', () => {
  it('of 429s costs no store statement and a bounded log', async () => {
    const cookie = h.cookies.support;
    for (let i = 0; i < 2; i++)
      expect((await h.call('GET', '/api/users', { cookie })).status).toBe(200);
    expect((await h.call('GET', '/api/users', { cookie })).status).toBe(429);
    statements = 0;
    const linesBefore = requestLines();
    for (let i = 0; i < 300; i++) {
      const res = await h.call('GET', '/api/users', { cookie });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statements).toBe(0);
    expect(requestLines() - linesBefore).toBeLessThanOrEqual(10);
    // A minute on, the count of what was not logged line by line is.
    h.clock.now += 61_000;
    expect((await h.call('GET', '/api/users', { cookie })).status).toBe(200);
    expect(h.lines.join('')).toMatch(/"refused":\{"429 rate limited":\d{3}\}/);
  });

  it('of calls without a session, or with a made-up one, costs a bounded number of statements and lines', async () => {
    statements = 0;
    const linesBefore = requestLines();
    const madeUp = `console_session=${'A'.repeat(43)}`;
    for (let i = 0; i < 200; i++) {
      expect((await h.call('GET', '/api/users')).status).toBe(401);
      expect((await h.call('GET', '/api/users', { cookie: madeUp })).status).toBe(401);
    }
    expect(statements).toBeLessThanOrEqual(4);
    expect(requestLines() - linesBefore).toBeLessThanOrEqual(10);
  });
});
