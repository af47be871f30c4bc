import type { Insights } from '@/api/schemas/insights';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { ChartSlot, DecisionsChart, ModeratorsChart } from './chart-slot';
import { FigureSection, NoFigures } from './figure-section';
import { FigureTable } from './figure-table';
import { periodLabel } from './figures-format';

const countColumns = [
  { header: 'Approved', numeric: true },
  { header: 'Rejected', numeric: true },
  { header: 'Deleted', numeric: true },
] as const;
const counts = (row: { approved: number; rejected: number; deleted: number }) => [
  formatCount(row.approved),
  formatCount(row.rejected),
  formatCount(row.deleted),
];

const noDecisions = (figures: Insights, range: string) =>
  figures.totals.decided === 0 ? (
    <NoFigures>{`No decisions in the ${range}.`}</NoFigures>
  ) : undefined;

/** Decisions per hour or per day, by outcome, with the median time to decision of each. */
export function DecisionsSection({ figures, range }: { figures: Insights; range: string }) {
  const hourly = figures.bucketMs < 86_400_000;
  return (
    <FigureSection
      title="Decisions"
      description={`Decisions the service applied, ${hourly ? 'per hour' : 'per day (UTC)'}, by outcome.`}
      empty={noDecisions(figures, range)}
      chart={
        <ChartSlot height={260}>
          {(width) => (
            <DecisionsChart width={width} buckets={figures.decisions} bucketMs={figures.bucketMs} />
          )}
        </ChartSlot>
      }
      table={
        <FigureTable
          caption={`Decisions ${hourly ? 'per hour' : 'per day'}, ${range}`}
          columns={[
            { header: 'Period' },
            ...countColumns,
            { header: 'Median time to decision', numeric: true },
          ]}
          rows={figures.decisions.map((bucket) => ({
            key: String(bucket.at),
            cells: [
              periodLabel(bucket.at, figures.bucketMs),
              ...counts(bucket),
              formatDuration(bucket.medianSeconds),
            ],
          }))}
        />
      }
    />
  );
}

/** Each moderator's decisions in the range, by outcome. */
export function ModeratorsSection({ figures, range }: { figures: Insights; range: string }) {
  return (
    <FigureSection
      title="Decisions by moderator"
      empty={noDecisions(figures, range)}
      chart={
        <ChartSlot height={140}>
          {(width) => <ModeratorsChart width={width} moderators={figures.moderators} />}
        </ChartSlot>
      }
      table={
        <FigureTable
          caption={`Decisions by moderator, ${range}`}
          columns={[{ header: 'Moderator' }, ...countColumns]}
          rows={figures.moderators.map((entry) => ({
            key: entry.operator,
            cells: [entry.operator, ...counts(entry)],
          }))}
        />
      }
    />
  );
}
