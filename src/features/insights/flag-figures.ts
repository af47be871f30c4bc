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
  };
}
