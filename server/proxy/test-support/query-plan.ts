import { CompiledQuery, sql } from 'kysely';
import { recordAudit, type AuditRecord } from '../audit/audit-log';
import type { ConsoleStore } from '../store/store';

type PostgresScan = 'seqscan' | 'bitmapscan';

/**
 * The plan the store's engine makes for `query`, as JSON text: SQLite's `EXPLAIN QUERY PLAN`, or
 * PostgreSQL's `EXPLAIN` with the scans in `ruledOut` turned off. PostgreSQL plans an empty test
 * table by its size: with sequential scans ruled out, the plan shows the index it would use.
 */
export async function queryPlan(
  store: ConsoleStore,
  query: CompiledQuery,
  ruledOut: readonly PostgresScan[] = ['seqscan'],
): Promise<string> {
  const parameters = [...query.parameters];
  if (store.engine === 'sqlite') {
    const plan = await store.db.executeQuery(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, parameters),
    );
    return JSON.stringify(plan.rows);
  }
  const plan = await store.db.transaction().execute(async (trx) => {
    for (const scan of ruledOut) await sql.raw(`SET LOCAL enable_${scan} = off`).execute(trx);
    return trx.executeQuery(CompiledQuery.raw(`EXPLAIN ${query.sql}`, parameters));
  });
  return JSON.stringify(plan.rows);
}

/**
 * Records `count` audit rows made by `row` (fifty at a time) and has the engine analyse the tables:
 * on empty tables every index costs the same to PostgreSQL's planner, and the plan it picks would
 * depend on when the tables were last analysed.
 */
export async function recordAnalysedTrail(
  store: ConsoleStore,
  count: number,
  row: (n: number) => AuditRecord,
): Promise<void> {
  for (let from = 0; from < count; from += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - from) }, (_, i) =>
        recordAudit(store, row(from + i)),
      ),
    );
  await sql`ANALYZE`.execute(store.db);
}
