import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartSlot } from './chart-slot';

afterEach(() => vi.restoreAllMocks());

describe('ChartSlot', () => {
  it('draws its chart at the width the slot is laid out at', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
    render(<ChartSlot height={100}>{(width) => <p>chart {width} wide</p>}</ChartSlot>);
    expect(screen.getByText('chart 640 wide')).toBeInTheDocument();
  });

  it('draws nothing in a slot without layout', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(0);
    const chart = vi.fn(() => <p>chart</p>);
    render(<ChartSlot height={100}>{chart}</ChartSlot>);
    expect(chart).not.toHaveBeenCalled();
  });
});
