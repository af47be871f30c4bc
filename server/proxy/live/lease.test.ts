import { describe, expect, it } from 'vitest';
import { testStores } from '../test-support/test-store';
import { releaseLease, takeLease } from './lease';

const open = testStores();

const ms = 30_000;

describe('a lease in the store', () => {
  it('is held by one holder until it expires or is given back, and renewed by its holder', async () => {
    const store = await open();
    const take = (holder: string, now: number) =>
      takeLease(store, { name: 'queue-poll', holder, now, ms });

    expect(await take('a', 0)).toBe(true);
    expect(await take('b', 1_000)).toBe(false);
    // Renewed by its holder: still its own past the first term.
    expect(await take('a', 20_000)).toBe(true);
    expect(await take('b', 40_000)).toBe(false);
    // Not renewed for its length (a replica that stopped without a word): anyone may take it.
    expect(await take('b', 50_000)).toBe(true);
    expect(await take('a', 50_001)).toBe(false);

    // Given back by someone who does not hold it: nothing happens.
    await releaseLease(store, 'queue-poll', 'a');
    expect(await take('a', 50_002)).toBe(false);
    await releaseLease(store, 'queue-poll', 'b');
    expect(await take('a', 50_003)).toBe(true);
  });

  it('goes to one of several holders asking at once', async () => {
    const store = await open();
    const won = await Promise.all(
      ['a', 'b', 'c', 'd'].map((holder) =>
        takeLease(store, { name: 'queue-poll', holder, now: 0, ms }),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
