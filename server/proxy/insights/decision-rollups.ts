import { sql } from 'kysely';
import type { Engine, StoreDb } from '../store/schema';
import {
  classifyMessage,
  dayMs,
  decisionOf,
  hourMs,
  type DecisionFact,
  type DecisionState,
  type KnownItem,
} from './decision-class';

/**
 * The write side of the insights' totals (decision 0042): each applied decision is kept in
 * `insight_decisions` with how it counts, and those of class `first` are added to hourly and daily
 * totals, in the transaction that records or completes its audit row. Whatever changes how a
 * message's decisions count (a new decision on it, the console learning its rule) recomputes that
 * message's decisions and moves the totals by the difference.
 */

export interface StoredDecision extends DecisionFact {
  messageId: string | null;
  state: DecisionState;
}

const spans = [hourMs, dayMs] as const;

/** Adds (or with `sign` -1 takes away) what one decision brings to the totals. */
export function addToTotals(deltas: Deltas, decision: StoredDecision, sign: 1 | -1): void {
  if (decision.state.class !== 'first') return;
  for (const span of spans) {
    const period = Math.floor(decision.at / span) * span;
    const dims = [
      ['operator', decision.operator, null],
      ['rule', decision.state.ruleId ?? '', decision.state.ruleName],
    ] as const;
    for (const [dim, value, ruleName] of dims) {
      const key = JSON.stringify([span, period, dim, value, decision.kind]);
      const entry = deltas.counts.get(key) ?? {
        span,
        period,
        dim,
        value,
        kind: decision.kind,
        rule_name: ruleName,
        n: 0,
      };
      entry.n += sign;
      entry.rule_name ??= ruleName;
      deltas.counts.set(key, entry);
    }
    const bucket = decision.state.waitBucket;
    if (bucket === null) continue;
    const waitKey = `${span}:${period}:${bucket}`;
    const wait = deltas.waits.get(waitKey) ?? { span, period, bucket, n: 0 };
    wait.n += sign;
    deltas.waits.set(waitKey, wait);
  }
}

export interface Deltas {
  counts: Map<
    string,
    {
      span: number;
      period: number;
      dim: 'operator' | 'rule';
      value: string;
      kind: string;
      rule_name: string | null;
      n: number;
    }
  >;
  waits: Map<string, { span: number; period: number; bucket: number; n: number }>;
}

export const noDeltas = (): Deltas => ({ counts: new Map(), waits: new Map() });

/** Moves the totals by `deltas`, in batches (a row per hour or day, moderator, kind and rule). */
export async function applyDeltas(db: StoreDb, deltas: Deltas): Promise<void> {
  const counts = [...deltas.counts.values()].filter((entry) => entry.n !== 0);
  for (let i = 0; i < counts.length; i += 500) {
    await db
      .insertInto('insight_counts')
      .values(counts.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['span', 'period', 'dim', 'value', 'kind']).doUpdateSet((eb) => ({
          n: eb('insight_counts.n', '+', eb.ref('excluded.n')),
          rule_name: eb.fn.coalesce('excluded.rule_name', 'insight_counts.rule_name'),
        })),
      )
      .execute();
  }
  const waits = [...deltas.waits.values()].filter((entry) => entry.n !== 0);
  for (let i = 0; i < waits.length; i += 500) {
    await db
      .insertInto('insight_waits')
      .values(waits.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['span', 'period', 'bucket']).doUpdateSet((eb) => ({
          n: eb('insight_waits.n', '+', eb.ref('excluded.n')),
        })),
      )
      .execute();
  }
}

const sameState = (a: DecisionState, b: DecisionState) =>
  a.class === b.class &&
  a.repeatOf === b.repeatOf &&
  a.ruleId === b.ruleId &&
  a.ruleName === b.ruleName &&
  a.sentAt === b.sentAt &&
  a.waitBucket === b.waitBucket;

/** Recomputes how the decisions on `messageIds` count and moves the totals by the difference. */
export async function refreshMessages(
  db: StoreDb,
  engine: Engine,
  messageIds: Iterable<string>,
): Promise<void> {
  const all = [...new Set(messageIds)].sort();
  for (let i = 0; i < all.length; i += 500) await refreshSome(db, engine, all.slice(i, i + 500));
}

async function refreshSome(db: StoreDb, engine: Engine, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // Replicas deciding on one message at once would each see only their own decision.
  if (engine === 'postgres') {
    for (const id of ids)
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`insight:${id}`}))`.execute(db);
  }
  const rows = await db
    .selectFrom('insight_decisions')
    .selectAll()
    .where('message_id', 'in', ids)
    .execute();
  const items = await db
    .selectFrom('moderation_items')
    .select(['message_id', 'rule_id', 'rule_name', 'sent_at'])
    .where('message_id', 'in', ids)
    .execute();
  const known = new Map<string, KnownItem>(
    items.map((item) => [
      item.message_id,
      { ruleId: item.rule_id, ruleName: item.rule_name, sentAt: item.sent_at },
    ]),
  );
  const byMessage = new Map<string, StoredDecision[]>();
  for (const row of rows) {
    const decision = storedOf(row);
    const list = byMessage.get(row.message_id ?? '') ?? [];
    list.push(decision);
    byMessage.set(row.message_id ?? '', list);
  }
  const deltas = noDeltas();
  for (const [messageId, decisions] of byMessage) {
    const states = classifyMessage(decisions, known.get(messageId), true);
    for (const decision of decisions) {
      const next = states.get(decision.auditId);
      if (!next || sameState(decision.state, next)) continue;
      addToTotals(deltas, decision, -1);
      const changed = { ...decision, state: next };
      addToTotals(deltas, changed, 1);
      await db
        .updateTable('insight_decisions')
        .set(columnsOf(next))
        .where('audit_id', '=', decision.auditId)
        .execute();
    }
  }
  await applyDeltas(db, deltas);
}

export const columnsOf = (state: DecisionState) => ({
  class: state.class,
  repeat_of: state.repeatOf,
  rule_id: state.ruleId,
  rule_name: state.ruleName,
  sent_at: state.sentAt,
  wait_bucket: state.waitBucket,
});

function storedOf(row: {
  audit_id: number;
  at: number;
  operator: string;
  kind: DecisionFact['kind'];
  message_id: string | null;
  class: DecisionState['class'];
  repeat_of: number | null;
  rule_id: string | null;
  rule_name: string | null;
  sent_at: number | null;
  wait_bucket: number | null;
}): StoredDecision {
  return {
    auditId: row.audit_id,
    at: row.at,
    operator: row.operator,
    kind: row.kind,
    messageId: row.message_id,
    state: {
      class: row.class,
      repeatOf: row.repeat_of,
      ruleId: row.rule_id,
      ruleName: row.rule_name,
      sentAt: row.sent_at,
      waitBucket: row.wait_bucket,
    },
  };
}

/**
 * Keeps an audit row that records an applied decision (outcome `ok`) for the insights; any other
 * row is left out. Runs in the transaction that writes or completes the row.
 */
export async function noteDecision(
  db: StoreDb,
  engine: Engine,
  row: {
    id: number;
    at: number;
    operator: string | null;
    action: string;
    targets: Record<string, unknown>;
  },
): Promise<void> {
  const decision = decisionOf(row.action, row.targets);
  if (!decision) return;
  const fact: StoredDecision = {
    auditId: row.id,
    at: row.at,
    operator: row.operator ?? '(unknown)',
    kind: decision.kind,
    messageId: decision.messageId,
    state: {
      class: 'none',
      repeatOf: null,
      ruleId: null,
      ruleName: null,
      sentAt: null,
      waitBucket: null,
    },
  };
  const unnamed =
    decision.messageId === null ? classifyMessage([fact], undefined, false).get(row.id) : undefined;
  const state = unnamed ?? fact.state;
  await db
    .insertInto('insight_decisions')
    .values({
      audit_id: fact.auditId,
      at: fact.at,
      operator: fact.operator,
      kind: fact.kind,
      message_id: fact.messageId,
      ...columnsOf(state),
    })
    .execute();
  if (decision.messageId === null) {
    const deltas = noDeltas();
    addToTotals(deltas, { ...fact, state }, 1);
    await applyDeltas(db, deltas);
    return;
  }
  await refreshMessages(db, engine, [decision.messageId]);
}

/**
 * Before audit rows are deleted (retention, a new demo history): takes their decisions out of the
 * totals, and recounts the other decisions on their messages once they are gone.
 */
export async function forgetDecisions(
  db: StoreDb,
  engine: Engine,
  auditIds: readonly number[],
): Promise<void> {
  const messages = new Set<string>();
  const deltas = noDeltas();
  for (let i = 0; i < auditIds.length; i += 500) {
    const ids = auditIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('insight_decisions')
      .selectAll()
      .where('audit_id', 'in', ids)
      .execute();
    for (const row of rows) {
      addToTotals(deltas, storedOf(row), -1);
      if (row.message_id !== null) messages.add(row.message_id);
    }
    await db.deleteFrom('insight_decisions').where('audit_id', 'in', ids).execute();
  }
  await applyDeltas(db, deltas);
  await refreshMessages(db, engine, messages);
}
