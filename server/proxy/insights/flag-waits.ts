import {
  flagDecisionOf,
  reviewedMessageListResponseSchema,
  type ReviewedFlag,
} from '../../../src/api/schemas/flagged-message';

/** How long decided flags waited: the median in seconds (null without any) over `measured` flags. */
export interface FlagWaits {
  medianSeconds: number | null;
  measured: number;
}

/** The middle value (the mean of the middle two, rounded); null without any. */
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
export function flagWaits(reviewed: readonly ReviewedFlag[]): FlagWaits {
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

/** The flags' waits from the service's reviewed list as it answered; undefined when unreadable. */
export function flagWaitsOfAnswer(body: Uint8Array): FlagWaits | undefined {
  try {
    const parsed = reviewedMessageListResponseSchema.safeParse(
      JSON.parse(new TextDecoder().decode(body)),
    );
    return parsed.success ? flagWaits(parsed.data.flags) : undefined;
  } catch {
    return undefined;
  }
}
