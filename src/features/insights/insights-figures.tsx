import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Insights } from '@/api/schemas/insights';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { ChartSlot, DecisionsChart, ModeratorsChart, QueueChart } from './chart-slot';
import { FigureSection } from './figure-section';
import { FigureTable } from './figure-table';
import { periodLabel, sampleLabel } from './figures-format';
import { rangeLabels } from './range';
import { RulesTable } from './rules-table';

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

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2 }}>
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="textSecondary">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Typography color="textSecondary" sx={{ py: 3 }}>
      {children}
    </Typography>
  );
}

/** Every figure of one range: key figures, then each chart with its table. */
export function InsightsFigures({ figures }: { figures: Insights }) {
  const range = rangeLabels[figures.range].toLowerCase();
  const { totals, timeToDecision, queue } = figures;
  const unknownNote =
    timeToDecision.unknown > 0
      ? `${formatCount(timeToDecision.unknown)} decided item(s) never listed by the console: rule and wait unknown`
      : undefined;
  const noDecisions = totals.decided === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" component="section" aria-label="Key figures" sx={{ p: 2.5 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          <Figure
            label={`Decisions, ${range}`}
            value={formatCount(totals.decided)}
            note={`${formatCount(totals.approved)} approved, ${formatCount(totals.rejected)} rejected, ${formatCount(totals.deleted)} deleted`}
          />
          <Figure
            label="Median time to decision"
            value={formatDuration(timeToDecision.medianSeconds)}
            note={`from sending, over ${formatCount(timeToDecision.measured)} decision(s)`}
          />
          <Figure
            label="Waiting now"
            value={
              queue.now ? `${formatCount(queue.now.size)}${queue.now.complete ? '' : '+'}` : '—'
            }
            note={queue.now ? undefined : (queue.problem ?? undefined)}
          />
          <Figure
            label="Oldest waiting"
            value={
              queue.now?.oldestSentAt != null
                ? formatDuration(figures.to / 1000 - queue.now.oldestSentAt)
                : '—'
            }
          />
        </Box>
        {unknownNote ? (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {unknownNote}.
          </Typography>
        ) : null}
      </Paper>

      <FigureSection
        title="Decisions"
        description={`Decisions the service applied, ${figures.bucketMs < 86_400_000 ? 'per hour' : 'per day (UTC)'}, by outcome.`}
        empty={noDecisions ? <Empty>{`No decisions in the ${range}.`}</Empty> : undefined}
        chart={
          <ChartSlot height={260}>
            <DecisionsChart buckets={figures.decisions} bucketMs={figures.bucketMs} />
          </ChartSlot>
        }
        table={
          <FigureTable
            caption={`Decisions ${figures.bucketMs < 86_400_000 ? 'per hour' : 'per day'}, ${range}`}
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

      <FigureSection
        title="Decisions by moderator"
        empty={noDecisions ? <Empty>{`No decisions in the ${range}.`}</Empty> : undefined}
        chart={
          <ChartSlot height={140}>
            <ModeratorsChart moderators={figures.moderators} />
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

      <FigureSection
        title="Queue over time"
        description="How many blocked messages waited, and how long the oldest had waited, at each sample."
        empty={
          queue.samples.length === 0 ? (
            <Empty>
              No samples yet: the console samples the queue while moderators have it open.
            </Empty>
          ) : undefined
        }
        chart={
          <ChartSlot height={260}>
            <QueueChart samples={queue.samples} />
          </ChartSlot>
        }
        table={
          <FigureTable
            caption={`Queue samples, ${range}`}
            columns={[
              { header: 'Time' },
              { header: 'Waiting', numeric: true },
              { header: 'Oldest waiting', numeric: true },
            ]}
            rows={queue.samples.map((point) => ({
              key: String(point.at),
              cells: [
                sampleLabel(point.at),
                formatCount(point.size),
                formatDuration(point.oldestAgeSeconds),
              ],
            }))}
          />
        }
      />

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="insights-rules"
        sx={{ p: 2.5 }}
      >
        <Typography variant="h2" id="insights-rules" sx={{ mb: 1 }}>
          Rules
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          Approval rate: approved ÷ decided. A rule whose blocked messages are mostly approved
          blocks too much.
        </Typography>
        {figures.rules.length === 0 ? (
          <Empty>{`No rule has messages waiting or decided in the ${range}.`}</Empty>
        ) : (
          <RulesTable rules={figures.rules} caption={`Decisions per rule, ${range}`} />
        )}
      </Paper>
    </Box>
  );
}
