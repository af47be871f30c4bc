import { z } from 'zod';
import { chatOperations } from '../../../src/api/contract/operations';
import { reviewedMessageListResponseSchema } from '../../../src/api/schemas/flagged-message';
import type { Runtime } from '../context';
import { jsonText } from '../store/sql-json';
import type { ConsoleStore, StoreDb } from '../store/store';
import { buildUpstreamRequest } from './upstream-request';

export type BlockedDecision = 'approved' | 'rejected';

/** The reviews a conflict is checked for: of a blocked message, of a flagged one. */
export type ReviewAction = 'blocked.review' | 'flagged.review';

/** A decision already taken on a blocked message; `by` is null when the console did not make it. */
export interface Decided {
  status: BlockedDecision;
  by: string | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** The audit outcome of a decision made through the console. */
  outcome?: string;
  /** Its audit row, for a decision made through the console. */
  id?: number;
}

/** The service lists the reviewed items of its latest page; a shorter list holds every one of them. */
export const reviewedListPage = 50;

/** The service's reviewed list is complete and does not hold the message: it stands undecided. */
export interface NotReviewed {
  notReviewed: true;
}

// `disapproved` is what the service writes on the message; `rejected` is what a review says.
const decisions: Readonly<Record<string, BlockedDecision>> = {
  approved: 'approved',
  rejected: 'rejected',
  disapproved: 'rejected',
};
export const asDecision = (value: unknown): BlockedDecision | undefined =>
  typeof value === 'string' ? decisions[value] : undefined;

// The decision went through (`ok`), is on its way (`pending`) or may have (`unknown`: no answer came).
const decidedOutcomes = ['ok', 'pending', 'unknown'];

const auditRow = z.object({
  id: z.number(),
  operator: z.string().nullable(),
  at: z.number(),
  outcome: z.string(),
  status: z.string().nullable(),
});

type DecisionQueryOptions = { db?: StoreDb; afterId?: number; action?: ReviewAction };

/** The rows `consoleDecision` reads, newest first. */
export function consoleDecisionQuery(
  store: ConsoleStore,
  messageId: string,
  opts: DecisionQueryOptions = {},
) {
  const query = (opts.db ?? store.db)
    .selectFrom('audit')
    .select([
      'id',
      'operator',
      'at',
      'outcome',
      jsonText(store.engine, 'targets', 'status').as('status'),
    ])
    .where('action', '=', opts.action ?? 'blocked.review')
    .where('outcome', 'in', decidedOutcomes)
    // The message's rows through the index of target values (decision 0042), then its exact field.
    .where('id', 'in', (eb) =>
      eb.selectFrom('audit_targets').select('audit_id').where('value', '=', messageId),
    )
    .where(
      jsonText(store.engine, 'targets', opts.action === 'flagged.review' ? 'id' : 'messageId'),
      '=',
      messageId,
    );
  return opts.afterId === undefined
    ? query.orderBy('at', 'desc').orderBy('id', 'desc')
    : query.where('id', '>', opts.afterId).orderBy('id', 'desc');
}

/**
 * The latest decision on the message made through the console, from its own audit trail; with
 * `afterId`, the newest one recorded after that row (by row id, the order of the writes whatever the
 * replicas' clocks say).
 */
export async function consoleDecision(
  store: ConsoleStore,
  messageId: string,
  opts: DecisionQueryOptions = {},
): Promise<Decided | undefined> {
  const row = await consoleDecisionQuery(store, messageId, opts).limit(1).executeTakeFirst();
  if (row === undefined) return undefined;
  const found = auditRow.parse(row);
  const status = asDecision(found.status);
  return status
    ? { status, by: found.operator, at: found.at, outcome: found.outcome, id: found.id }
    : undefined;
}

const reviewedList = chatOperations.find((op) => op.name === 'reviewed.list');
/** The reviewed list is a courtesy check before a decision: it may not hold the decision up long. */
const serviceCheckMs = 5_000;

/**
 * What the service's reviewed list says of the message: its decision and when (the item's
 * `updatedAt`); `notReviewed` when the list is complete and does not hold it; `undefined` when a
 * full page does not hold it (it may be older); `unavailable` when the list cannot be read.
 * The call takes a turn at the upstream gate like any other call of the operator.
 */
export async function serviceDecision(
  rt: Runtime,
  operator: string,
  messageId: string,
  signal: AbortSignal,
  action: ReviewAction = 'blocked.review',
): Promise<Omit<Decided, 'by'> | NotReviewed | undefined | { unavailable: string }> {
  if (!reviewedList) return { unavailable: 'no reviewed-list operation in the catalogue' };
  const req = buildUpstreamRequest({
    baseUrl: rt.deps.upstream.baseUrl,
    apiKey: rt.deps.upstream.apiKey,
    op: reviewedList,
    segments: ['moderation', 'reviewed-messages'],
    query: [],
    onBehalfOf: undefined,
    body: undefined,
    signal: AbortSignal.any([signal, AbortSignal.timeout(serviceCheckMs)]),
  });
  try {
    const res = await rt.gate.run(operator, req.signal, () => rt.forward(req));
    if (res.status !== 200) return { unavailable: `reviewed list answered ${res.status}` };
    const parsed = reviewedMessageListResponseSchema.safeParse(
      JSON.parse(Buffer.from(res.body).toString('utf8')),
    );
    if (!parsed.success) return { unavailable: 'reviewed list not readable' };
    // A decided flag is listed with its reports; a decided blocked message without.
    const items = action === 'flagged.review' ? parsed.data.flags : parsed.data.data;
    const item = items.find((entry) => entry.message.id === messageId);
    if (!item)
      // Decided flags share the list's page with the decided blocked messages.
      return parsed.data.data.length + parsed.data.flags.length + parsed.data.unsupported.length <
        reviewedListPage
        ? { notReviewed: true }
        : undefined;
    const status = asDecision(item.message.data.moderation?.status) ?? asDecision(item.status);
    const seconds = item.updatedAt ?? item.message.updatedAt ?? item.message.sentAt;
    return status ? { status, at: seconds * 1000 } : undefined;
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}
