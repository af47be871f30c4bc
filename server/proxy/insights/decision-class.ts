/**
 * How each decision on a blocked item counts in the insights (decision 0016), worked out per
 * message from every decision on it and what the console knows of it (decision 0042). Pure: the
 * write side keeps the result per decision and in hourly and daily totals, the migration builds it
 * for old rows, and a test checks the totals against a full scan of the trail.
 */

import type { OperationName } from '../../../src/api/contract/operations';

export type DecisionKind = 'approved' | 'rejected' | 'deleted';

/** The operations whose audit rows are decisions on blocked items: a review, a deletion. */
export const decisionOperations = [
  'blocked.review',
  'messages.delete',
] as const satisfies readonly OperationName[];
export type DecisionOperation = (typeof decisionOperations)[number];

const isDecisionOperation = (action: string): action is DecisionOperation =>
  (decisionOperations as readonly string[]).includes(action);

/**
 * - `first`: counts in every range that holds it;
 * - `late`: repeats a decision made over a day before (`repeatOf`), counts in a range that starts
 *   more than a day after that one;
 * - `repeat`: repeats a decision made within a day, counts in no range;
 * - `none`: the rejection of the queue's delete, or a deletion of a message not known as blocked.
 */
export type DecisionClass = 'first' | 'late' | 'repeat' | 'none';

export const hourMs = 60 * 60 * 1000;
export const dayMs = 24 * hourMs;
/** Decisions repeated within this long are one decision (the range's lookback, decision 0016). */
export const repeatLookbackMs = dayMs;
/** A rejection by the same operator this soon after their deletion is the queue's delete. */
export const deleteThenRejectMs = 60_000;

export interface DecisionFact {
  auditId: number;
  at: number;
  operator: string;
  kind: DecisionKind;
}

/** What the console learnt of a message from the service's lists (`moderation_items`). */
export interface KnownItem {
  ruleId: string;
  ruleName: string | null;
  /** Seconds. */
  sentAt: number | null;
}

export interface DecisionState {
  class: DecisionClass;
  repeatOf: number | null;
  ruleId: string | null;
  ruleName: string | null;
  sentAt: number | null;
  waitBucket: number | null;
}

/** Time to decision in seconds, as the figures compute it. */
export const waitSeconds = (at: number, sentAt: number) => Math.max(0, at / 1000 - sentAt);

/** Buckets about 6 % wide, in the order of the waits: a median is found in one bucket's values. */
export const waitBucket = (seconds: number) => Math.floor(Math.log1p(seconds) * 16);

/** The waits a bucket holds, in seconds: from `low` (included) to `high`. */
export const waitBucketBounds = (bucket: number) => ({
  low: Math.expm1(bucket / 16),
  high: Math.expm1((bucket + 1) / 16),
});

const inOrder = (a: DecisionFact, b: DecisionFact) =>
  a.at - b.at ||
  Number(b.kind === 'deleted') - Number(a.kind === 'deleted') ||
  a.auditId - b.auditId;

/**
 * The state of each decision on one message (`messageId` null: a decision whose message is not
 * named, which is never paired nor a repeat), keyed by audit id.
 */
export function classifyMessage(
  facts: readonly DecisionFact[],
  item: KnownItem | undefined,
  messageKnown: boolean,
): Map<number, DecisionState> {
  const sorted = [...facts].sort(inOrder);
  const merged = new Set<DecisionFact>();
  const fromQueue = new Set<DecisionFact>();
  if (messageKnown) {
    const deletions = new Map<string, DecisionFact>();
    for (const fact of sorted) {
      if (fact.kind === 'deleted') deletions.set(fact.operator, fact);
      else if (fact.kind === 'rejected') {
        const deletion = deletions.get(fact.operator);
        if (deletion && fact.at - deletion.at <= deleteThenRejectMs) {
          merged.add(fact);
          fromQueue.add(deletion);
        }
      }
    }
  }
  const last = new Map<DecisionKind, number>();
  const states = new Map<number, DecisionState>();
  for (const fact of sorted) {
    const sentAt = item?.sentAt ?? null;
    const state: DecisionState = {
      class: 'none',
      repeatOf: null,
      ruleId: item?.ruleId ?? null,
      ruleName: item?.ruleName ?? null,
      sentAt,
      waitBucket: sentAt === null ? null : waitBucket(waitSeconds(fact.at, sentAt)),
    };
    states.set(fact.auditId, state);
    if (merged.has(fact)) continue;
    if (fact.kind === 'deleted' && !item && !fromQueue.has(fact)) continue;
    const previous = messageKnown ? last.get(fact.kind) : undefined;
    if (messageKnown) last.set(fact.kind, fact.at);
    state.repeatOf = previous ?? null;
    state.class =
      previous === undefined ? 'first' : fact.at - previous > repeatLookbackMs ? 'late' : 'repeat';
  }
  return states;
}

/** The approval, rejection or deletion an audit row records; undefined for any other row. */
export function decisionOf(
  action: string,
  targets: Record<string, unknown>,
): { kind: DecisionKind; messageId: string | null } | undefined {
  if (!isDecisionOperation(action)) return undefined;
  const kinds: Record<DecisionOperation, () => DecisionKind> = {
    'blocked.review': () => (targets.status === 'approved' ? 'approved' : 'rejected'),
    'messages.delete': () => 'deleted',
  };
  const kind = kinds[action]();
  const named = targets.messageId ?? targets.id;
  const messageId =
    typeof named === 'string'
      ? named
      : typeof named === 'number'
        ? String(named)
        : Array.isArray(named)
          ? JSON.stringify(named)
          : null;
  return { kind, messageId };
}

/**
 * Where the range's decisions are read from: whole UTC days (when the periods are days) and whole
 * hours from the totals, the minutes at either end and the late repeats decision by decision.
 */
export function rangeParts(from: number, to: number, bucketMs: number) {
  const end = to + 1;
  let hStart = Math.ceil(from / hourMs) * hourMs;
  let hEnd = Math.floor(end / hourMs) * hourMs;
  if (hStart >= hEnd) hStart = hEnd = end;
  let dStart = Math.ceil(hStart / dayMs) * dayMs;
  let dEnd = Math.floor(hEnd / dayMs) * dayMs;
  if (bucketMs < dayMs || dStart >= dEnd) dStart = dEnd = hEnd;
  return { from, end, hStart, hEnd, dStart, dEnd };
}
