import { describe, expect, it } from 'vitest';
import { pageLoadRows, type PageLoads } from './load-rows';
import { ratio } from './report';

const loads = (name: string, lcps: number[], tbts: number[], absolute?: PageLoads['absolute']) => ({
  name,
  runs: lcps.map((lcp, i) => ({ lcp, tbt: tbts[i] ?? 0, cls: 0 })),
  absolute,
});

const shell = loads('MUI shell', [300, 280, 420, 250, 310], [0, 10, 0, 60, 20]);
const reactAdmin = loads('react-admin', [900, 800, 1000, 850, 860], [50, 20, 90, 40, 30]);

function row(rows: ReturnType<typeof pageLoadRows>, measure: string) {
  const found = rows.find((r) => r.measure.startsWith(measure));
  if (!found) throw new Error(`no row ${measure}`);
  return found;
}

describe('pageLoadRows', () => {
  it("anchors every page on the shell's medians of the same run", () => {
    const rows = pageLoadRows(shell, reactAdmin, [
      loads('home', [600, 500, 620, 590, 610], [0, 0, 0, 0, 0]),
    ]);
    const lcp = row(rows, 'LCP, home');
    expect(lcp.value).toBeCloseTo(0.6);
    expect(lcp.anchorValue).toBeCloseTo(0.3);
    expect(lcp.anchor).toBe('MUI shell 0.30 s (same run)');
    expect(ratio(lcp)).toBe('2.00×');
    expect(lcp.met).toBe(false);
    expect(lcp.note).toBe('range 0.50–0.62 s');
    const tbt = row(rows, 'TBT, home');
    expect(tbt.anchor).toBe('MUI shell 10 ms (same run)');
    expect(tbt.met).toBe(true);
    const admin = row(rows, 'LCP, react-admin');
    expect(ratio(admin)).toBe('2.87×');
    expect(admin.met).toBeUndefined();
    expect(row(rows, 'TBT, MUI shell').note).toMatch(/^range 0–60 ms/);
  });

  it('meets a goal at the shell’s figure, and keeps a page’s own goals beside the ratio', () => {
    const rows = pageLoadRows(shell, reactAdmin, [
      loads('users', [300, 300, 300, 300, 300], [10, 10, 10, 10, 10]),
      loads('queue', [300, 300, 300, 300, 300], [10, 10, 10, 10, 10], { lcpMs: 250, tbtMs: 50 }),
    ]);
    expect(row(rows, 'LCP, users').met).toBe(true);
    expect(row(rows, 'TBT, users').met).toBe(true);
    expect(row(rows, 'LCP, queue').goal).toBe('≤ 1.0× shell; ≤ 0.25 s');
    expect(row(rows, 'LCP, queue').met).toBe(false);
    expect(row(rows, 'TBT, queue').met).toBe(true);
  });
});
