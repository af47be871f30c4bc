/** One measured figure of `npm run bench`, beside its anchor and goal. */
export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
  /** What the figure is compared with (published or measured anchors), in words. */
  anchor: string;
  /** The anchor figure in the same unit, when there is one, for the ratio column. */
  anchorValue?: number;
  goal: string;
  /** Whether the goal is met; undefined when the goal is not a threshold. */
  met?: boolean;
  note?: string;
}

export function formatValue(row: BenchRow): string {
  const digits = row.value >= 100 ? 0 : row.value >= 10 ? 1 : 2;
  return `${row.value.toFixed(digits)} ${row.unit}`;
}

export function ratio(row: BenchRow): string {
  return row.anchorValue ? `${(row.value / row.anchorValue).toFixed(2)}×` : '—';
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function renderTable(rows: BenchRow[]): string {
  const lines = [
    '| Measure | Result | Anchor | Ratio | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const met = row.met === undefined ? '—' : row.met ? 'yes' : '**no**';
    const note = row.note ? ` (${row.note})` : '';
    lines.push(
      `| ${row.measure} | ${formatValue(row)}${note} | ${row.anchor} | ${ratio(row)} | ${row.goal} | ${met} |`,
    );
  }
  return lines.join('\n');
}
