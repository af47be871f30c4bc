import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { DecisionBucket, ModeratorFigures } from '@/api/schemas/insights';
import { periodLabel } from './figures-format';

const outcomes = [
  { key: 'approved', label: 'Approved', palette: 'success' },
  { key: 'rejected', label: 'Rejected', palette: 'error' },
  { key: 'deleted', label: 'Deleted', palette: 'warning' },
] as const;

function useOutcomeSeries(
  rows: readonly { approved: number; rejected: number; deleted: number }[],
) {
  const theme = useTheme();
  return outcomes.map((outcome) => ({
    id: outcome.key,
    label: outcome.label,
    stack: 'decisions',
    color: theme.palette[outcome.palette].main,
    data: rows.map((row) => row[outcome.key]),
  }));
}

/** Decisions per period, stacked by outcome. */
export function DecisionsChart({
  width,
  buckets,
  bucketMs,
}: {
  width: number;
  buckets: readonly DecisionBucket[];
  bucketMs: number;
}) {
  const series = useOutcomeSeries(buckets);
  return (
    <BarChart
      width={width}
      height={260}
      skipAnimation
      xAxis={[
        { scaleType: 'band', data: buckets.map((bucket) => periodLabel(bucket.at, bucketMs)) },
      ]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={series}
    />
  );
}

/** Decisions per moderator, stacked by outcome, one bar each. */
export function ModeratorsChart({
  width,
  moderators,
}: {
  width: number;
  moderators: readonly ModeratorFigures[];
}) {
  const series = useOutcomeSeries(moderators);
  return (
    <BarChart
      width={width}
      height={Math.max(140, 48 * moderators.length + 80)}
      skipAnimation
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: moderators.map((entry) => entry.operator), width: 100 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={series}
    />
  );
}
