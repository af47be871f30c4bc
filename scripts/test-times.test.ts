import { describe, expect, it } from 'vitest';
import { seconds } from './test-times.mjs';

describe('the durations npm test writes', () => {
  it('rounds to the second before splitting minutes, so no minute shows 60 seconds', () => {
    expect(seconds(479.6)).toBe('8 min 0 s');
    expect(seconds(59.6)).toBe('1 min 0 s');
    expect(seconds(451.2)).toBe('7 min 31 s');
    expect(seconds(42.4)).toBe('42 s');
  });
});
