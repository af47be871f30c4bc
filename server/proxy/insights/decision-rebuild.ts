import type { Kysely } from 'kysely';
import { auditTargetsSchema } from '../../../src/api/schemas/console';
import type { StoreSchema } from '../store/schema';
import { classifyMessage, decisionOf, decisionOperations, type KnownItem } from './decision-class';
import {
  addToTotals,
  applyDeltas,
  columnsOf,
  noDeltas,
  type StoredDecision,
} from './decision-rollups';

const readTargets = (text: string): Record<string, unknown> => {
  try {
    return auditTargetsSchema.catch({}).parse(JSON.parse(text));
  } catch {
    return {};
  }
};

/**
 * Builds `insight_decisions` and the hourly and daily totals from the whole audit trail: the
 * migration that brings a store to decision 0042, and the benchmark's fill. Expects them empty.
 */
export async function rebuildInsightTotals(db: Kysely<StoreSchema>): Promise<number> {
  // One transaction: on SQLite each statement alone would wait for its own sync to disk.
  return db.isTransaction ? rebuild(db) : db.transaction().execute(rebuild);
}

async function rebuild(db: Kysely<StoreSchema>): Promise<number> {
  const byMessage = new Map<string | null, StoredDecision[]>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit')
      .select(['id', 'at', 'operator', 'action', 'targets'])
      .where('action', 'in', decisionOperations)
      .where('outcome', '=', 'ok')
      .where('id', '>', after)
      .orderBy('id')
      .limit(20_000)
      .execute();
    for (const row of rows) {
      const decision = decisionOf(row.action, readTargets(row.targets));
      if (!decision) continue;
      const list = byMessage.get(decision.messageId) ?? [];
      list.push({
        auditId: row.id,
        at: row.at,
        operator: row.operator ?? '(unknown)',
        kind: decision.kind,
        messageId: decision.messageId,
        state: columnless,
      });
      byMessage.set(decision.messageId, list);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  const known = new Map<string, KnownItem>();
  for (const item of await db
    .selectFrom('moderation_items')
    .select(['message_id', 'rule_id', 'rule_name', 'sent_at'])
    .execute()) {
    known.set(item.message_id, {
      ruleId: item.rule_id,
      ruleName: item.rule_name,
      sentAt: item.sent_at,
    });
  }
  const deltas = noDeltas();
  let batch: StoredDecision[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insertInto('insight_decisions')
      .values(
        batch.map((decision) => ({
          audit_id: decision.auditId,
          at: decision.at,
          operator: decision.operator,
          kind: decision.kind,
          message_id: decision.messageId,
          ...columnsOf(decision.state),
        })),
      )
      .execute();
    batch = [];
  };
  for (const [messageId, decisions] of byMessage) {
    const item = messageId === null ? undefined : known.get(messageId);
    // Decisions that name no message are each on their own.
    const groups = messageId === null ? decisions.map((one) => [one]) : [decisions];
    for (const group of groups) {
      const states = classifyMessage(group, item, messageId !== null);
      for (const decision of group) {
        const state = states.get(decision.auditId) ?? columnless;
        const stored = { ...decision, state };
        addToTotals(deltas, stored, 1);
        batch.push(stored);
        count += 1;
        if (batch.length >= 200) await flush();
      }
    }
  }
  await flush();
  await applyDeltas(db, deltas);
  return count;
}

const columnless: StoredDecision['state'] = {
  class: 'none',
  repeatOf: null,
  ruleId: null,
  ruleName: null,
  sentAt: null,
  waitBucket: null,
};
