import { ApiError } from '@/api/api-error';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { GoneItem } from '@/api/schemas/live-queue';
import { itemId } from '../item-info';
import type { ItemResult, ReviewKind } from '../review-request';
import { upperFirst } from '@/utils/format';

/** Someone else's decision on an item, as the console server reported it with 409. */
export interface DecidedElsewhere {
  /** `deleted` only from the live queue: a 409 names the review status. */
  status: 'approved' | 'rejected' | 'deleted';
  /** The operator; undefined when the decision was not taken through the console. */
  by: string | undefined;
  at: Date;
}

/** An action refused because the item had been decided the other way, waiting for the moderator's choice. */
export interface Conflict {
  item: BlockedMessage;
  kind: ReviewKind;
  decided: DecidedElsewhere;
}

/** The decision carried by a 409 `CONSOLE_ALREADY_DECIDED`, or undefined for any other failure. */
export function decidedElsewhereOf(error: unknown): DecidedElsewhere | undefined {
  if (
    !(error instanceof ApiError) ||
    error.status !== 409 ||
    error.code !== 'CONSOLE_ALREADY_DECIDED'
  )
    return undefined;
  const [status] = error.details?.status ?? [];
  const at = new Date(error.details?.at?.[0] ?? Number.NaN);
  if ((status !== 'approved' && status !== 'rejected') || Number.isNaN(at.getTime()))
    return undefined;
  return { status, by: error.details?.by?.[0], at };
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** `sam`, or who it was when the console did not record the decision. */
export const deciderName = (decided: DecidedElsewhere) =>
  decided.by ?? 'someone outside the console';

/**
 * `Already rejected by sam at 14:02` (with the day when it was not today); `word` names the decision
 * in the queue's terms (the flagged queue says "blocked" for `rejected`).
 */
export function decidedText(
  decided: DecidedElsewhere,
  now = new Date(),
  word: string = decided.status,
): string {
  return `Already ${word} by ${deciderName(decided)} ${decidedWhen(decided, now)}`;
}

/** `at 14:02`, or `on 2026-11-25 at 14:02` when it was not today. */
export function decidedWhen(decided: DecidedElsewhere, now = new Date()): string {
  const time = `${pad(decided.at.getHours())}:${pad(decided.at.getMinutes())}`;
  return day(decided.at) === day(now) ? `at ${time}` : `on ${day(decided.at)} at ${time}`;
}

/**
 * `Rejected by sam at 14:02`: why an item left the list, from the live queue's decision, else its
 * note ("Rejected by sam"); undefined when neither is known. `word` as in `decidedText`.
 */
export function goneNote(
  note: string | undefined,
  decided: DecidedElsewhere | undefined,
  word: string | undefined = decided?.status,
): string | undefined {
  if (!decided) return note;
  const text = `${word} by ${deciderName(decided)} ${decidedWhen(decided)}`;
  return upperFirst(text);
}

/** What an action leaves behind on the service: delete rejects after deleting. */
const outcomeOf = (kind: ReviewKind) => (kind === 'approve' ? 'approved' : 'rejected');

/** The decision already does what the action wanted: a delete or a reject of a rejected item. */
export const sameOutcome = (kind: ReviewKind, decided: DecidedElsewhere) =>
  decided.status === outcomeOf(kind) || (kind !== 'approve' && decided.status === 'deleted');

/** The decision the live queue named for an item that left the list. */
export const decidedFromLive = (decided: NonNullable<GoneItem['decided']>): DecidedElsewhere => ({
  status: decided.status,
  by: decided.by ?? undefined,
  at: new Date(decided.at),
});

/**
 * Which items of an open dialog someone else decided since it opened: refused with 409 (a
 * conflict), or gone from the list with what the live queue says of it (null when nothing is known).
 */
export function decidedMeanwhile(
  items: readonly BlockedMessage[],
  gone: ReadonlySet<string>,
  live: ReadonlyMap<string, DecidedElsewhere>,
  conflicts: readonly Conflict[],
): ReadonlyMap<string, DecidedElsewhere | null> {
  const refused = new Map(conflicts.map((c) => [itemId(c.item), c.decided]));
  const found = new Map<string, DecidedElsewhere | null>();
  for (const item of items) {
    const id = itemId(item);
    const decided = refused.get(id) ?? (gone.has(id) ? (live.get(id) ?? null) : undefined);
    if (decided !== undefined) found.set(id, decided);
  }
  return found;
}

/**
 * Splits an action's results: items someone else had already decided the same way (`settled`: what
 * the moderator wanted is done, the item leaves), items decided the other way (`conflicts`: the
 * moderator keeps that decision or overrides it), and the rest.
 */
export function sortConflicts(kind: ReviewKind, results: readonly ItemResult[]) {
  const settled: { item: BlockedMessage; decided: DecidedElsewhere }[] = [];
  const conflicts: Conflict[] = [];
  const others: ItemResult[] = [];
  for (const result of results) {
    const decided = result.ok ? undefined : decidedElsewhereOf(result.error);
    if (!decided) others.push(result);
    else if (decided.status === outcomeOf(kind)) settled.push({ item: result.item, decided });
    else conflicts.push({ item: result.item, kind, decided });
  }
  return { settled, conflicts, others };
}

/** Ids of items already decided the way the action wanted: they stay out of the queue. */
export const settledIds = (kind: ReviewKind, results: readonly ItemResult[]) =>
  new Set(sortConflicts(kind, results).settled.map((entry) => itemId(entry.item)));
