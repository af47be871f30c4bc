import { mayHaveBeenApplied } from '@/api/errors';
import { isRateLimited, retryDelayFor } from '@/api/retry-policy';
import type { ItemOutcome } from './bulk-results';

/** At most this many calls in flight at once, so a bulk decision does not trip the rate limit. */
const concurrency = 4;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function decideOne<T>(item: T, call: () => Promise<unknown>): Promise<ItemOutcome<T>> {
  try {
    try {
      await call();
    } catch (error) {
      // One retry after the wait the service asked for; a second 429 is reported to the operator.
      if (!isRateLimited(error)) throw error;
      await sleep(retryDelayFor(error));
      await call();
    }
    return { item, ok: true };
  } catch (error) {
    return { item, ok: false, error, uncertain: mayHaveBeenApplied(error) };
  }
}

/**
 * Decides every item, a few at a time, in both queues; never throws, every item gets its own outcome,
 * in the order given. `callFor` makes an item's call once, so a retry repeats the same request.
 */
export async function decideEach<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  callFor: (item: T) => () => Promise<unknown>,
): Promise<ItemOutcome<T>[]> {
  const results: ItemOutcome<T>[] = [];
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift())
      results.push(await decideOne(item, callFor(item)));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  const order = new Map(items.map((item, index) => [idOf(item), index]));
  return results.sort((a, b) => (order.get(idOf(a.item)) ?? 0) - (order.get(idOf(b.item)) ?? 0));
}
