import type { Logger } from 'pino';
import {
  blockedMessageListResponseSchema,
  type BlockedMessage,
} from '../../../src/api/schemas/blocked-message';
import type { AnswerObserver, UpstreamAnswer } from '../context';
import type { ConsoleStore } from '../store/store';

const dayMs = 24 * 60 * 60 * 1000;
/**
 * What was learnt of an item is kept 62 days after it was last listed: a pending item is listed at
 * every read of the queue, so one decided within the longest range (30 days) was listed recently.
 */
export const moderationItemRetentionMs = 62 * dayMs;

/** The list answers that name each item's rule and `sentAt`. */
const listOperations = new Set([
  'GET /moderation/blocked-messages',
  'GET /moderation/reviewed-messages',
]);

/**
 * Keeps the rule and `sentAt` (seconds) of each listed item, by message id, with when it was seen,
 * and drops what was not seen for {@link moderationItemRetentionMs}. One transaction per list.
 */
export function rememberBlockedItems(
  store: ConsoleStore,
  items: readonly BlockedMessage[],
  at: number,
): void {
  const upsert = store.statement(
    `INSERT INTO moderation_items (message_id, rule_id, rule_name, sent_at, seen_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (message_id) DO UPDATE SET rule_id = excluded.rule_id,
       rule_name = COALESCE(excluded.rule_name, moderation_items.rule_name),
       sent_at = COALESCE(excluded.sent_at, moderation_items.sent_at),
       seen_at = MAX(excluded.seen_at, moderation_items.seen_at)`,
  );
  const prune = store.statement('DELETE FROM moderation_items WHERE seen_at < ?');
  store.sqlite.transaction(() => {
    for (const item of items) {
      const sentAt = Number.isFinite(item.message.sentAt) ? Math.round(item.message.sentAt) : null;
      upsert.run(item.message.id, item.ruleId, item.ruleName ?? null, sentAt, Math.round(at));
    }
    prune.run(Math.round(at) - moderationItemRetentionMs);
  })();
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
  return (answer: UpstreamAnswer) => {
    if (!listOperations.has(answer.operation) || answer.status !== 200) return;
    const items = readBlockedList(answer.body);
    if (!items) return;
    try {
      rememberBlockedItems(store, items, answer.at);
    } catch (error) {
      logger.warn(
        { reqId: answer.reqId, err: error },
        'blocked items not remembered for the insights',
      );
    }
  };
}
