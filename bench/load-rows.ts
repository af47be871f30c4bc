import type { PageMetrics } from './page-metrics';
import { median, type BenchRow } from './report';

/** The loads of one page in one run: one `PageMetrics` per fresh browser context. */
export interface PageLoads {
  name: string;
  runs: PageMetrics[];
  /** Goals the page had before it was measured beside the anchors; kept beside the ratio goals. */
  absolute?: { lcpMs: number; tbtMs: number };
}

interface Summary {
  median: number;
  min: number;
  max: number;
}

function summary(values: number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;
const lcpRange = (s: Summary) => `range ${(s.min / 1000).toFixed(2)}–${seconds(s.max)}`;
const tbtRange = (s: Summary) => `range ${s.min.toFixed(0)}–${millis(s.max)}`;

/**
 * Rows of page loads measured in one run: the MUI shell's LCP and TBT are the anchors of every other
 * page (react-admin's and the console's), each console page's goal being at most the shell's figure.
 */
export function pageLoadRows(
  shell: PageLoads,
  reactAdmin: PageLoads,
  pages: PageLoads[],
): BenchRow[] {
  const of = (loads: PageLoads) => ({
    lcp: summary(loads.runs.map((r) => r.lcp)),
    tbt: summary(loads.runs.map((r) => r.tbt)),
    cls: summary(loads.runs.map((r) => r.cls)),
  });
  const anchor = of(shell);
  const n = shell.runs.length;
  const lcpAnchor = `MUI shell ${seconds(anchor.lcp.median)} (same run)`;
  const tbtAnchor = `MUI shell ${millis(anchor.tbt.median)} (same run)`;
  const admin = of(reactAdmin);
  const rows: BenchRow[] = [
    {
      measure: `LCP, ${shell.name} (median of ${n}, fresh context, loopback)`,
      value: anchor.lcp.median / 1000,
      unit: 's',
      anchor: '—',
      goal: '—',
      note: `${lcpRange(anchor.lcp)}; the anchor of the LCP rows below`,
    },
    {
      measure: `TBT, ${shell.name}`,
      value: anchor.tbt.median,
      unit: 'ms',
      anchor: '—',
      goal: '—',
      note: `${tbtRange(anchor.tbt)}; the anchor of the TBT rows below`,
    },
    {
      measure: `LCP, ${reactAdmin.name} (median of ${n})`,
      value: admin.lcp.median / 1000,
      unit: 's',
      anchor: lcpAnchor,
      anchorValue: anchor.lcp.median / 1000,
      goal: '—',
      note: lcpRange(admin.lcp),
    },
    {
      measure: `TBT, ${reactAdmin.name}`,
      value: admin.tbt.median,
      unit: 'ms',
      anchor: tbtAnchor,
      anchorValue: anchor.tbt.median,
      goal: '—',
      note: tbtRange(admin.tbt),
    },
  ];
  for (const page of pages) {
    const own = of(page);
    const { lcpMs, tbtMs } = page.absolute ?? {};
    rows.push(
      {
        measure: `LCP, ${page.name} (median of ${page.runs.length}, fresh context, loopback)`,
        value: own.lcp.median / 1000,
        unit: 's',
        anchor: lcpAnchor,
        anchorValue: anchor.lcp.median / 1000,
        goal: `≤ 1.0× shell${lcpMs === undefined ? '' : `; ≤ ${lcpMs / 1000} s`}`,
        met:
          own.lcp.median <= anchor.lcp.median && (lcpMs === undefined || own.lcp.median <= lcpMs),
        note: lcpRange(own.lcp),
      },
      {
        measure: `TBT, ${page.name}`,
        value: own.tbt.median,
        unit: 'ms',
        anchor: tbtAnchor,
        anchorValue: anchor.tbt.median,
        goal: `≤ shell's${tbtMs === undefined ? '' : `; ≤ ${tbtMs} ms`}`,
        met:
          own.tbt.median <= anchor.tbt.median && (tbtMs === undefined || own.tbt.median <= tbtMs),
        note: tbtRange(own.tbt),
      },
      {
        measure: `CLS, ${page.name}`,
        value: own.cls.median,
        unit: '',
        anchor: 'Core Web Vitals "good" ≤ 0.1',
        anchorValue: 0.1,
        goal: '≤ 0.05',
        met: own.cls.median <= 0.05,
      },
    );
  }
  return rows;
}
