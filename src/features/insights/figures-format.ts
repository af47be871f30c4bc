import { csvCell } from '@/api/csv';
import type { Insights, RuleFigures } from '@/api/schemas/insights';

const hourMs = 60 * 60 * 1000;

/** approved ÷ decided as a whole percentage; a dash when nothing was decided. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)} %`;
}

export const ruleLabel = (rule: Pick<RuleFigures, 'ruleId' | 'ruleName'>) =>
  rule.ruleId === null ? 'Rule unknown' : (rule.ruleName ?? rule.ruleId);

/** A period's label: the hour (local time) of an hourly bucket, the UTC day of a daily one. */
export function periodLabel(at: number, bucketMs: number): string {
  const date = new Date(at);
  if (bucketMs < 24 * hourMs) {
    return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  }
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A sample's label: date and time, local. */
export const sampleLabel = (at: number) =>
  new Date(at).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

const header = [
  'figure',
  'period_start',
  'operator',
  'rule_id',
  'rule_name',
  'approved',
  'rejected',
  'deleted',
  'decided',
  'approval_rate',
  'waiting',
  'queue_size',
  'oldest_age_seconds',
  'median_seconds_to_decision',
] as const;
type Column = (typeof header)[number];
type Row = Partial<Record<Column, string | number | null>>;

/**
 * Every figure of the page as one CSV (a `figure` column names the table a row belongs to: decisions,
 * moderator, rule, queue, summary), with a header row and CRLF line ends; times are ISO, UTC.
 */
export function insightsToCsv(figures: Insights): string {
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows: Row[] = [
    {
      figure: 'summary',
      period_start: iso(figures.from),
      ...countsOf(figures.totals),
      decided: figures.totals.decided,
      waiting: figures.queue.now?.size ?? null,
      median_seconds_to_decision: figures.timeToDecision.medianSeconds,
    },
    ...figures.decisions.map((bucket) => ({
      figure: 'decisions',
      period_start: iso(bucket.at),
      ...countsOf(bucket),
      decided: bucket.approved + bucket.rejected + bucket.deleted,
      median_seconds_to_decision: bucket.medianSeconds,
    })),
    ...figures.moderators.map((entry) => ({
      figure: 'moderator',
      operator: entry.operator,
      ...countsOf(entry),
      decided: entry.approved + entry.rejected + entry.deleted,
    })),
    ...figures.rules.map((rule) => ({
      figure: 'rule',
      rule_id: rule.ruleId,
      rule_name: ruleLabel(rule),
      ...countsOf(rule),
      decided: rule.decided,
      approval_rate: rule.approvalRate === null ? null : Number(rule.approvalRate.toFixed(4)),
      waiting: rule.waiting,
    })),
    ...figures.queue.samples.map((point) => ({
      figure: 'queue',
      period_start: iso(point.at),
      queue_size: point.size,
      oldest_age_seconds: point.oldestAgeSeconds,
    })),
  ];
  const lines = [header.join(',')];
  for (const row of rows)
    lines.push(header.map((column) => csvCell(row[column] ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const countsOf = (entry: { approved: number; rejected: number; deleted: number }) => ({
  approved: entry.approved,
  rejected: entry.rejected,
  deleted: entry.deleted,
});
