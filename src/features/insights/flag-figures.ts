import { flagDecisionOf, reportsOf } from '@/api/flagged-messages';
import type { FlaggedMessage, ReviewedFlag } from '@/api/schemas/flagged-message';

export interface FlagTally {
  key: string;
  label: string;
  /** Reports on flags that still wait. */
  waiting: number;
  /** Reports on flags a moderator decided. */
  decided: number;
  /** Of those, the reports whose message was blocked. */
  upheld: number;
  /** `upheld / decided`, or null with nothing decided. */
  upheldShare: number | null;
}

function tally(
  pending: readonly FlaggedMessage[],
  reviewed: readonly ReviewedFlag[],
  keyOf: (report: ReturnType<typeof reportsOf>[number]) => { key: string; label: string },
): FlagTally[] {
  const rows = new Map<string, FlagTally>();
  const row = (report: ReturnType<typeof reportsOf>[number]) => {
    const { key, label } = keyOf(report);
    const found = rows.get(key) ?? {
      key,
      label,
      waiting: 0,
      decided: 0,
      upheld: 0,
      upheldShare: null,
    };
    rows.set(key, found);
    return found;
  };
  for (const item of pending) for (const report of reportsOf(item)) row(report).waiting += 1;
  for (const item of reviewed) {
    const decision = flagDecisionOf(item);
    if (!decision) continue;
    for (const report of item.flaggedBy) {
      const found = row(report);
      found.decided += 1;
      if (decision === 'disapproved') found.upheld += 1;
    }
  }
  return [...rows.values()]
    .map((r) => ({ ...r, upheldShare: r.decided > 0 ? r.upheld / r.decided : null }))
    .sort(
      (a, b) => b.waiting + b.decided - (a.waiting + a.decided) || a.label.localeCompare(b.label),
    );
}

/** The middle value (the mean of the middle two); null without any. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor((sorted.length - 1) / 2);
  const low = sorted[mid] ?? 0;
  const high = sorted.length % 2 === 0 ? (sorted[mid + 1] ?? low) : low;
  return Math.round((low + high) / 2);
}

/**
 * How long decided flags waited, in seconds: from the first report (or the flag's creation, or the
 * message's sending, whichever the answer gives first) to the decision (the reviewed item's update).
 */
export function flagTimeToDecision(reviewed: readonly ReviewedFlag[]) {
  const waits: number[] = [];
  for (const item of reviewed) {
    const decidedAt = item.updatedAt ?? item.message.updatedAt;
    const reported = item.flaggedBy.flatMap((r) =>
      r.flaggedAt === undefined ? [] : [r.flaggedAt],
    );
    const since =
      reported.length > 0 ? Math.min(...reported) : (item.createdAt ?? item.message.sentAt);
    if (flagDecisionOf(item) && decidedAt !== undefined) waits.push(Math.max(0, decidedAt - since));
  }
  return { medianSeconds: median(waits), measured: waits.length };
}

/**
 * Flags per reason and per reporter, and the share of each upheld (the message blocked), from the
 * service's pending flagged list and the decided flags of its reviewed list, as far as they reach.
 */
export function flagFigures(pending: readonly FlaggedMessage[], reviewed: readonly ReviewedFlag[]) {
  return {
    reasons: tally(pending, reviewed, (report) => ({
      key: report.reasonId ?? '(none)',
      label: report.reasonName ?? report.reasonId ?? 'No reason given',
    })),
    reporters: tally(pending, reviewed, (report) => ({
      key: report.uid,
      label: report.name ?? report.uid,
    })),
    timeToDecision: flagTimeToDecision(reviewed),
  };
}
