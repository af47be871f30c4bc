import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline-points';

describe('sparklinePoints', () => {
  it('spreads the values across the width, zero at the bottom and the highest at the top', () => {
    expect(sparklinePoints([0, 5, 10], 24, 14, 2)).toBe('2,12 12,7 22,2');
  });

  it('leaves gaps out, keeps their place, and draws nothing from fewer than two values', () => {
    expect(sparklinePoints([4, null, 4], 24, 14, 2)).toBe('2,2 22,2');
    expect(sparklinePoints([null, 3, null], 24, 14)).toBe('');
    expect(sparklinePoints([], 24, 14)).toBe('');
  });
});
