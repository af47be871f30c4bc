import { describe, expect, it } from 'vitest';
import { filesOfLane } from './lanes';

const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'new.spec.ts', 'other.spec.ts'];
const recorded = {
  single: { 'a.spec.ts': 60, 'b.spec.ts': 40, 'c.spec.ts': 30, 'd.spec.ts': 20 },
  replicas: { 'other.spec.ts': 50 },
};
const lane = (current: number, total = 2) =>
  filesOfLane(files, recorded, 'single', { current, total });

describe('the journey files split into lanes by recorded time', () => {
  it('gives each lane about the same seconds, longest files first', () => {
    // a 60 | b 40, the new file (the median, 40) 60 | 80, c 90 | 80, d 90 | 100; the file with
    // journeys on the other stack only counts as nothing.
    expect(lane(1)).toEqual(['a.spec.ts', 'c.spec.ts', 'other.spec.ts']);
    expect(lane(2)).toEqual(['b.spec.ts', 'd.spec.ts', 'new.spec.ts']);
  });

  it('puts every file in exactly one lane, whatever the number of lanes', () => {
    for (const total of [1, 2, 3, 4]) {
      const all = Array.from({ length: total }, (_, i) => lane(i + 1, total)).flat();
      expect(all.sort()).toEqual([...files].sort());
    }
  });

  it('splits by count where nothing is recorded', () => {
    const split = (current: number) =>
      filesOfLane(files, {}, 'single', { current, total: 2 }).length;
    expect([split(1), split(2)]).toEqual([3, 3]);
  });
});
