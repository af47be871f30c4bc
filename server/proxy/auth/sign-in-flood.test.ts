import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, testPassword, type Harness } from '../test-support/harness';

/**
 * One client floods sign-in with made-up usernames, 36 requests at a time, each sent again as soon
 * as it is answered, while an operator signs in from another client. Unknown usernames still cost a
 * full hash (the dummy), here 2^12, so the flood keeps the hashing slots busy.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ hooks: { passwordHashCost: 2 ** 12 } });
});
afterEach(() => h.close());

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a sign-in flood from one client', () => {
  it('does not keep an operator on another client from signing in, every time', async () => {
    let flooding = true;
    const answered = new Map<number, number>();
    const flood = Array.from({ length: 36 }, async (_, worker) => {
      for (let n = 0; flooding; n++) {
        const res = await h.call('POST', '/auth/login', {
          body: { username: `ghost${worker}x${n}`, password: 'made-up password' },
          client: '203.0.113.66',
        });
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        await nextTurn();
      }
    });
    try {
      await nextTurn();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await h.call('POST', '/auth/login', {
          body: { username: 'admin', password: testPassword },
          client: '198.51.100.7',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      flooding = false;
      await Promise.all(flood);
    }
    // The flood itself was answered, with refusals rather than errors.
    expect([...answered.keys()].filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
  });
});
