import { CompiledQuery, sql } from 'kysely';
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
