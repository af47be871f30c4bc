/**
 * The `points` of a sparkline's polyline: values spread evenly across `width`, scaled from 0 (or
 * the lowest value below it) to the highest at the top, with `pad` pixels kept clear at both edges.
 * Missing values (null) are left out; fewer than two values draw nothing ('').
 */
export function sparklinePoints(
  values: readonly (number | null)[],
  width: number,
  height: number,
  pad = 2,
): string {
  const known = values.flatMap((value, i) => (value === null ? [] : [{ i, value }]));
  if (known.length < 2) return '';
  const low = Math.min(0, ...known.map((point) => point.value));
  const high = Math.max(...known.map((point) => point.value));
  const span = high - low || 1;
  const step = (width - 2 * pad) / Math.max(1, values.length - 1);
  const round = (n: number) => Math.round(n * 10) / 10;
  return known
    .map(
      ({ i, value }) =>
        `${round(pad + i * step)},${round(height - pad - ((value - low) / span) * (height - 2 * pad))}`,
    )
    .join(' ');
}
