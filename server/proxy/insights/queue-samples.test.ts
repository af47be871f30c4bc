import { describe, expect, it } from 'vitest';
import { testStores } from '../test-support/test-store';
import { queueSampleRetentionMs, readQueueSamples, recordQueueSample } from './queue-samples';

const now = Date.parse('2031-06-01T12:00:00Z');
const hour = 60 * 60 * 1000;
const open = testStores();

describe('queue samples', () => {
  it('folds samples into buckets: the largest size and the oldest item of each', async () => {
    const store = await open();
    await recordQueueSample(store, { at: now, size: 3, oldestSentAt: 1_000 });
    await recordQueueSample(store, { at: now + 10_000, size: 5, oldestSentAt: 900 });
    await recordQueueSample(store, { at: now + hour, size: 0, oldestSentAt: null });
    expect(
      await readQueueSamples(store, { from: now - hour, to: now + 2 * hour, bucketMs: hour }),
    ).toEqual([
      { at: now, size: 5, oldestSentAt: 900, oldestAgeSeconds: now / 1000 + 10 - 900, samples: 2 },
      { at: now + hour, size: 0, oldestSentAt: null, oldestAgeSeconds: null, samples: 1 },
    ]);
    expect(
      await readQueueSamples(store, { from: now + hour, to: now + 2 * hour, bucketMs: hour }),
    ).toHaveLength(1);
  });

  it('drops samples past the retention when a new one is recorded, and ignores nonsense', async () => {
    const store = await open();
    await recordQueueSample(store, {
      at: now - queueSampleRetentionMs - 1,
      size: 1,
      oldestSentAt: 1,
    });
    await recordQueueSample(store, { at: now, size: -1, oldestSentAt: 1 });
    await recordQueueSample(store, { at: now, size: 2, oldestSentAt: Number.NaN });
    const all = await readQueueSamples(store, { from: 0, to: now + hour, bucketMs: hour });
    expect(all).toEqual([
      { at: now, size: 2, oldestSentAt: null, oldestAgeSeconds: null, samples: 1 },
    ]);
  });
});
