import { describe, expect, it, vi } from 'vitest';
import { testStores } from '../test-support/test-store';
import { createRateLimiter } from '../api/rate-limit';
import { createStoreRateLimiter, freshRead, settleEveryMs } from './rate-buckets';
import type { ConsoleStore } from './store';

const open = testStores();

/** The tokens of the shared row of `key`, as last settled; undefined when there is none. */
async function sharedTokens(store: ConsoleStore, key: string) {
  const row = await store.db
    .selectFrom('rate_buckets')
    .select('tokens')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.tokens;
}

async function twoReplicas(settleMs = 60_000) {
  const store = await open();
  // Settled by the tests themselves, at the times they give, unless they ask for the timer.
  const opts = { perSecond: 2, burst: 3, settleMs };
  return { a: createStoreRateLimiter(store, opts), b: createStoreRateLimiter(store, opts), store };
}

describe('rate limit buckets shared in the store, settled in batches', () => {
  it('share one budget per operator between replicas once settled, and refill with time', async () => {
    const { a, b } = await twoReplicas();
    const t = 1_000_000;
    expect(await a.take('op:1', t)).toBeUndefined();
    expect(await a.take('op:1', t)).toBeUndefined();
    await a.settle(t);
    // What a spent is left to b: one token of the burst of three.
    expect(await b.take('op:1', t)).toBeUndefined();
    await b.settle(t);
    expect(await b.take('op:1', t)).toBe(1);
    // a grants from its own bucket until its settlement brings back what b spent, as a debt.
    expect(await a.take('op:1', t)).toBeUndefined();
    await a.settle(t);
    expect(await a.take('op:1', t)).toBe(1);
    // Another operator has a budget of their own.
    expect(await b.take('op:2', t)).toBeUndefined();
    // A second at 2 per second pays the debt of one and gives one token back.
    expect(await b.take('op:1', t + 1_000)).toBeUndefined();
    await b.settle(t + 1_000);
    expect(await b.take('op:1', t + 1_000)).toBe(1);
  });

  it('answer as the in-memory buckets of a single process do, settled or not', async () => {
    const { a } = await twoReplicas();
    const memory = createRateLimiter({ perSecond: 2, burst: 3 });
    const steps = [0, 0, 0, 0, 100, 400, 450, 2000, 2000, 2000, 2000, 2001];
    const fromStore: (number | undefined)[] = [];
    const fromMemory: (number | undefined)[] = [];
    for (const [i, at] of steps.entries()) {
      fromStore.push(await a.take('op', 5_000_000 + at));
      fromMemory.push(memory.take('op', 5_000_000 + at));
      if (i % 3 === 2) await a.settle(5_000_000 + at);
    }
    expect(fromStore).toEqual(fromMemory);
    expect(fromStore.filter((wait) => wait === undefined)).toHaveLength(6);
  });

  it('grant at most one burst per replica beyond the budget before settling, then hold the debt', async () => {
    const { a, b, store } = await twoReplicas();
    const t = 9_000_000;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('op:race', t)),
    );
    expect(answers.filter((wait) => wait === undefined)).toHaveLength(6);
    await a.settle(t);
    await b.settle(t);
    // Six granted against a burst of three: three owed, paid back at 2 per second before the next.
    expect(await b.take('op:race', t + 1_999)).toBe(1);
    expect(await b.take('op:race', t + 2_000)).toBeUndefined();
    expect(await sharedTokens(store, 'op:race')).toBe(-3);
    await b.settle(t + 2_000);
    // Refilled by four over the two seconds, less the one granted since.
    expect(await sharedTokens(store, 'op:race')).toBe(0);
  });

  it('settle by itself shortly after a grant', async () => {
    const { a, store } = await twoReplicas(settleEveryMs);
    const t = Date.now();
    for (let i = 0; i < 3; i++) expect(await a.take('op:timer', t)).toBeUndefined();
    expect(await sharedTokens(store, 'op:timer')).toBeUndefined();
    const tokens = await vi.waitFor(async () => {
      const left = await sharedTokens(store, 'op:timer');
      expect(left).toBeDefined();
      return left ?? Number.NaN;
    });
    // The three taken, refilled since at 2 per second: a settlement that counted none would leave 3.
    expect(tokens).toBeGreaterThanOrEqual(0);
    expect(tokens).toBeLessThanOrEqual(((Date.now() - t) / 1000) * 2 + 0.001);
  });

  it('read the store on each call only for the auth version, none while a listener vouches for it', async () => {
    const { a, store } = await twoReplicas();
    const watch = store.authWatch;
    if (watch) {
      await vi.waitFor(() => expect(watch.known()).toBeDefined());
      const vouched = vi.spyOn(store.db, 'executeQuery');
      await a.take('op:quiet', 1_000);
      expect(vouched).not.toHaveBeenCalled();
      vouched.mockRestore();
      await watch.close();
    }
    const statements = vi.spyOn(store.db, 'executeQuery');
    await a.take('op:quiet', 1_000);
    await a.take('op:quiet', 1_000);
    const sqlOf = statements.mock.calls.map(([query]) => ('sql' in query ? query.sql : ''));
    expect(sqlOf).toHaveLength(2);
    for (const text of sqlOf) expect(text).toMatch(/^select .* as "auth_version"$/);
  });

  it('forget full buckets when pruned', async () => {
    const { a, store } = await twoReplicas();
    await a.take('op:old', 0);
    await a.settle(0);
    await a.take('op:new', 10_000);
    await a.settle(10_000);
    await a.prune(10_000);
    const keys = await store.db.selectFrom('rate_buckets').select('key').execute();
    expect(keys).toEqual([{ key: 'op:new' }]);
  });
});

describe('a read shared by the calls that wait for it (freshRead)', () => {
  /** A read that answers when the test says, numbered in the order reads began. */
  function heldReads() {
    const began: ((value: number) => void)[] = [];
    const read = () => new Promise<number>((resolve) => began.push(resolve));
    return { read, began, answer: (n: number) => began[n]?.(n) };
  }

  it('answers each call with a read that began after it, one read for all calls meanwhile', async () => {
    const reads = heldReads();
    const shared = freshRead(reads.read);
    const first = shared();
    expect(reads.began).toHaveLength(1);
    // Calls while read 0 is under way must not get its answer: it may predate them.
    const second = shared();
    const third = shared();
    expect(reads.began).toHaveLength(1);
    reads.answer(0);
    expect(await first).toBe(0);
    await vi.waitFor(() => expect(reads.began).toHaveLength(2));
    const fourth = shared();
    reads.answer(1);
    expect([await second, await third]).toEqual([1, 1]);
    await vi.waitFor(() => expect(reads.began).toHaveLength(3));
    reads.answer(2);
    expect(await fourth).toBe(2);
  });

  it('starts the next read after a failed one, and gives the failure only to its own calls', async () => {
    let n = 0;
    const shared = freshRead(() => {
      n += 1;
      return n === 1 ? Promise.reject(new Error('store down')) : Promise.resolve(n);
    });
    const failing = shared();
    const after = shared();
    await expect(failing).rejects.toThrow('store down');
    expect(await after).toBe(2);
  });
});
