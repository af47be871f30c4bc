import type { Logger } from 'pino';
import {
  blockedMessageListResponseSchema,
  type BlockedMessage,
} from '../../../src/api/schemas/blocked-message';
import type { AnswerObserver, UpstreamAnswer } from '../deps';
import type { ConsoleStore } from '../store/store';
import { refreshMessages } from './decision-rollups';

const dayMs = 24 * 60 * 60 * 1000;
/**
 * What was learnt of an item is kept 62 days after it was last listed: a pending item is listed at
 * every read of the queue, so one decided within the longest range (30 days) was listed recently.
 */
export const moderationItemRetentionMs = 62 * dayMs;
/**
 * How stale a remembered item's `seen_at` may grow before a list that shows it again writes it: the
 * retention counts in days, and a list read that teaches nothing new writes nothing (every queue
 * poll, insights and home read the list; on SQLite each write also makes every server re-read its
 * sessions, decision 0045).
 */
export const seenRefreshMs = 60 * 60 * 1000;

/** The list answers that name each item's rule and `sentAt`. */
const listOperations = new Set([
  'GET /moderation/blocked-messages',
  'GET /moderation/reviewed-messages',
]);

/**
 * Keeps the rule and `sentAt` (seconds) of each listed item, by message id, with when it was seen,
 * and drops what was not seen for {@link moderationItemRetentionMs}. One transaction per list.
 */
export async function rememberBlockedItems(
  store: ConsoleStore,
  items: readonly BlockedMessage[],
  at: number,
): Promise<void> {
  const seenAt = Math.round(at);
  // One row per message: a statement may not upsert the same key twice (PostgreSQL refuses it).
  const rows = new Map(
    items.map((item) => [
      item.message.id,
      {
        message_id: item.message.id,
        rule_id: item.ruleId,
        rule_name: item.ruleName ?? null,
        sent_at: Number.isFinite(item.message.sentAt) ? Math.round(item.message.sentAt) : null,
        seen_at: seenAt,
      },
    ]),
  );
  await store.db.transaction().execute(async (trx) => {
    const learnt: string[] = [];
    if (rows.size > 0) {
      const before = new Map(
        (
          await trx
            .selectFrom('moderation_items')
            .select(['message_id', 'rule_id', 'rule_name', 'sent_at', 'seen_at'])
            .where('message_id', 'in', [...rows.keys()])
            .execute()
        ).map((row) => [row.message_id, row]),
      );
      const due = [...rows.values()].filter((row) => {
        const old = before.get(row.message_id);
        const changed =
          !old ||
          old.rule_id !== row.rule_id ||
          (row.rule_name !== null && row.rule_name !== old.rule_name) ||
          (row.sent_at !== null && row.sent_at !== old.sent_at);
        if (changed) learnt.push(row.message_id);
        return changed || old.seen_at < seenAt - seenRefreshMs;
      });
      // The service lists at most 50 items: one statement. In id order, so two lists written at
      // once (the poll and an operator's read, on two replicas) lock their rows in the same order.
      if (due.length > 0)
        await trx
          .insertInto('moderation_items')
          .values(due.sort((a, b) => (a.message_id < b.message_id ? -1 : 1)))
          .onConflict((oc) =>
            oc.column('message_id').doUpdateSet((eb) => ({
              rule_id: eb.ref('excluded.rule_id'),
              rule_name: eb.fn.coalesce('excluded.rule_name', 'moderation_items.rule_name'),
              sent_at: eb.fn.coalesce('excluded.sent_at', 'moderation_items.sent_at'),
              seen_at: eb
                .case()
                .when('excluded.seen_at', '>', eb.ref('moderation_items.seen_at'))
                .then(eb.ref('excluded.seen_at'))
                .else(eb.ref('moderation_items.seen_at'))
                .end(),
            })),
          )
          .execute();
    }
    const forgotten = await trx
      .deleteFrom('moderation_items')
      .where('seen_at', '<', seenAt - moderationItemRetentionMs)
      .returning('message_id')
      .execute();
    // What the insights count of a message's decisions follows what is known of it (decision 0042).
    await refreshMessages(trx, store.engine, [
      ...learnt,
      ...forgotten.map((row) => row.message_id),
    ]);
  });
}

/** Reads a 2xx list body; undefined when it is not the documented shape. */
export function readBlockedList(body: Uint8Array): BlockedMessage[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
  const parsed = blockedMessageListResponseSchema.safeParse(json);
  return parsed.success ? parsed.data.data : undefined;
}

/**
 * Remembers the items of every blocked or reviewed list the console forwards to an operator: the
 * queue a moderator decides from was read through here, so its items' rules are known at decision
 * time without another call to the service.
 */
export function createModerationItemsObserver(
  store: ConsoleStore,
  logger: Pick<Logger, 'warn'>,
): AnswerObserver {
  const remember = async (answer: UpstreamAnswer) => {
    const items = readBlockedList(answer.body);
    if (!items) return;
    try {
      await rememberBlockedItems(store, items, answer.at);
    } catch (error) {
      logger.warn(
        { reqId: answer.reqId, err: error },
        'blocked items not remembered for the insights',
      );
    }
  };
  // Any other answer is passed over at once, without a promise.
  return (answer) =>
    listOperations.has(answer.operation) && answer.status === 200 ? remember(answer) : undefined;
}
