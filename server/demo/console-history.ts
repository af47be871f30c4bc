import { chatOperations, operationLabel } from '../../src/api/contract/operations';
import type { HistoryItem, QueueItem } from '../emulator/seed/demo-history';
import { recordAudit, type AuditRecord } from '../proxy/audit/audit-log';
import { forgetDecisions, refreshMessages } from '../proxy/insights/decision-rollups';
import type { ConsoleStore, StoreTransaction } from '../proxy/store/store';

/**
 * The demo moderators the history names. They are no operators of the console: nobody can sign in
 * as them, and their rows say they are demo data.
 */
export const demoModerators = ['demo-maya', 'demo-jonas', 'demo-priti'] as const;
/** Every demo row's request id starts so; a new seed replaces the rows of the last one. */
export const demoRequestPrefix = 'demo-history-';
export const demoDetail = 'demo data: seeded with the emulator by npm start';

const hourMs = 60 * 60 * 1000;
/** The queue is sampled every hour of the history (the live queue samples while it is watched). */
const sampleEveryMs = hourMs;
const historyMs = 30 * 24 * hourMs;

const labelOf = (name: string) => {
  const op = chatOperations.find((candidate) => candidate.name === name);
  if (!op) throw new Error(`no ${name} operation in the catalogue`);
  return operationLabel(op);
};
const reasons: Readonly<Record<string, { id: string; name: string }>> = {
  contact_details_filter: { id: 'spam', name: 'Spam / Unwanted Content' },
  email_filter: { id: 'spam', name: 'Spam / Unwanted Content' },
  'image-moderation': { id: 'sexual', name: 'Sexual Content' },
};
const harassment = { id: 'harassment', name: 'Harassment / Bullying' };

/** Who decided the item: one moderator does most of the work, as in most teams. */
const moderatorOf = (index: number) => demoModerators[[0, 1, 0, 2, 0, 1][index % 6] ?? 0];

/** The audit rows of one decision, as the console's queue writes them (a delete, then a rejection). */
function rowsOf(item: HistoryItem, index: number): AuditRecord[] {
  const at = item.decidedAt * 1000;
  const base = {
    operator: moderatorOf(index) ?? demoModerators[0],
    role: 'moderator',
    onBehalfOf: null,
    status: 200,
    upstreamStatus: 200,
    outcome: 'ok' as const,
    detail: demoDetail,
    durationMs: 140 + (index % 7) * 23,
  };
  const reason = item.outcome === 'approved' ? null : (reasons[item.ruleId] ?? harassment);
  const explained = { reason: reason?.name ?? null, reasonId: reason?.id ?? null };
  const review = (status: 'approved' | 'rejected', offset: number, n: number): AuditRecord => ({
    ...base,
    ...explained,
    at: at + offset,
    requestId: `${demoRequestPrefix}${item.messageId}-${n}`,
    action: 'blocked.review',
    operation: labelOf('blocked.review'),
    targets: { messageId: item.messageId, status },
  });
  if (item.outcome !== 'deleted') return [review(item.outcome, 0, 1)];
  return [
    {
      ...base,
      ...explained,
      at,
      requestId: `${demoRequestPrefix}${item.messageId}-1`,
      action: 'messages.delete',
      operation: labelOf('messages.delete'),
      targets: { id: item.messageId, permanent: false },
    },
    review('rejected', 600, 2),
  ];
}

/** How many items waited, and the oldest one's `sentAt`, at `at` (ms). */
function queueAt(queue: readonly QueueItem[], at: number) {
  const seconds = at / 1000;
  const waiting = queue.filter(
    (item) => item.heldAt <= seconds && (item.decidedAt === null || item.decidedAt > seconds),
  );
  const oldest = waiting.length > 0 ? Math.min(...waiting.map((item) => item.sentAt)) : null;
  return { size: waiting.length, oldest_sent_at: oldest };
}

async function clearDemo(store: ConsoleStore, trx: StoreTransaction) {
  const demo = trx.selectFrom('audit').where('request_id', 'like', `${demoRequestPrefix}%`);
  const ids = (await demo.select('id').execute()).map((row) => row.id);
  await forgetDecisions(trx, store.engine, ids);
  await trx.deleteFrom('audit').where('request_id', 'like', `${demoRequestPrefix}%`).execute();
  // The samples described the emulator's queue as it was before this seed.
  await trx.deleteFrom('queue_samples').execute();
}

/**
 * Writes the demo moderators' decisions on the emulator's decided demo items into the console's
 * audit trail (the insights and the home page read it), the rule and `sentAt` of each item (what the
 * console learns when its queue lists them), and hourly samples of the queue over the last 30 days,
 * retraced from when each item was held and decided. Replaces what an earlier seed wrote; the
 * operators' own rows are left alone. Returns how many decisions it wrote.
 */
export async function seedConsoleHistory(
  store: ConsoleStore,
  source: { history: readonly HistoryItem[]; queue: readonly QueueItem[] },
  now: number,
): Promise<number> {
  await store.exclusive('demo-history', async (trx) => {
    await clearDemo(store, trx);
    // The items first, so each decision is counted under its rule as it is written.
    for (const item of source.history) {
      const row = {
        message_id: item.messageId,
        rule_id: item.ruleId,
        rule_name: item.ruleName,
        sent_at: item.sentAt,
        seen_at: now,
      };
      await trx
        .insertInto('moderation_items')
        .values(row)
        .onConflict((oc) => oc.column('message_id').doUpdateSet(row))
        .execute();
    }
    await refreshMessages(
      trx,
      store.engine,
      source.history.map((item) => item.messageId),
    );
    for (const [index, item] of source.history.entries())
      for (const row of rowsOf(item, index)) await recordAudit(store, row, trx);
    const first = Math.ceil((now - historyMs) / sampleEveryMs) * sampleEveryMs;
    const samples = [];
    for (let at = first; at <= now; at += sampleEveryMs)
      samples.push({ at, ...queueAt(source.queue, at) });
    for (let i = 0; i < samples.length; i += 200)
      await trx
        .insertInto('queue_samples')
        .values(samples.slice(i, i + 200))
        .execute();
  });
  return source.history.length;
}
