import { describe, expect, it } from 'vitest';
import { testStores } from '../test-support/test-store';
import { createRateLimiter } from '../api/rate-limit';
import { createStoreRateLimiter } from './rate-buckets';

const open = testStores();

async function twoReplicas() {
  const store = await open();
  const opts = { perSecond: 2, burst: 3 };
  return { a: createStoreRateLimiter(store, opts), b: createStoreRateLimiter(store, opts), store };
}

describe('rate limit buckets in the store', () => {
  it('share one budget per operator between replicas, and refill with time', async () => {
    const { a, b } = await twoReplicas();
    const t = 1_000_000;
    expect(await a.take('op:1', t)).toBeUndefined();
    expect(await b.take('op:1', t)).toBeUndefined();
    expect(await a.take('op:1', t)).toBeUndefined();
    // The burst is spent across both: the next take on either waits.
    expect(await b.take('op:1', t)).toBe(1);
    expect(await a.take('op:1', t)).toBe(1);
    // Another operator has a budget of their own.
    expect(await b.take('op:2', t)).toBeUndefined();
    // Half a second at 2 per second gives one token back.
    expect(await b.take('op:1', t + 500)).toBeUndefined();
    expect(await a.take('op:1', t + 500)).toBe(1);
  });

  it('answer as the in-memory buckets of a single process do', async () => {
    const { a } = await twoReplicas();
    const memory = createRateLimiter({ perSecond: 2, burst: 3 });
    const steps = [0, 0, 0, 0, 100, 400, 450, 2000, 2000, 2000, 2000, 2001];
    const fromStore: (number | undefined)[] = [];
    const fromMemory: (number | undefined)[] = [];
    for (const at of steps) {
      fromStore.push(await a.take('op', 5_000_000 + at));
      fromMemory.push(memory.take('op', 5_000_000 + at));
    }
    expect(fromStore).toEqual(fromMemory);
    expect(fromStore.filter((wait) => wait === undefined)).toHaveLength(6);
  });

  it('spend each token once when replicas take at the same moment', async () => {
    const { a, b } = await twoReplicas();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('op:race', 9_000_000)),
    );
    expect(answers.filter((wait) => wait === undefined)).toHaveLength(3);
  });

  it('forget full buckets when pruned', async () => {
    const { a, store } = await twoReplicas();
    await a.take('op:old', 0);
    await a.take('op:new', 10_000);
    await a.prune(10_000);
    const keys = await store.db.selectFrom('rate_buckets').select('key').execute();
    expect(keys).toEqual([{ key: 'op:new' }]);
  });
});
