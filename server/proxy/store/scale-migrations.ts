import { sql, type ColumnDefinitionBuilder, type Kysely, type QueryExecutorProvider } from 'kysely';
import { rebuildInsightTotals } from '../insights/decision-rebuild';
import type { Engine } from './schema';

/**
 * What keeps the trail's two large reads bounded at a million rows (decision 0042): a target's rows
 * through `audit_targets`, the insights through totals per hour and per day. Both are filled for the
 * rows an older console wrote.
 */

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function auditTargets(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const int = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('audit_targets')
    .addColumn('audit_id', int, (col) => col.notNull().references('audit.id').onDelete('cascade'))
    .addColumn('value', 'text', notNull)
    .addPrimaryKeyConstraint('audit_targets_pk', ['value', 'audit_id'])
    .execute();
  // Retention deletes by audit id: the cascade finds the row's values through this index.
  await db.schema
    .createIndex('audit_targets_audit')
    .on('audit_targets')
    .column('audit_id')
    .execute();
  await fillAuditTargets(db, engine);
}

/** Fills `audit_targets` from the JSON of every row (one statement). */
export async function fillAuditTargets(db: QueryExecutorProvider, engine: Engine): Promise<void> {
  await (
    engine === 'postgres'
      ? sql`INSERT INTO audit_targets (audit_id, value)
        SELECT DISTINCT a.id, v #>> '{}'
        FROM audit a, jsonb_path_query(a.targets::jsonb, 'lax $.*[*] ? (@.type() == "string")') AS v`
      : sql`INSERT INTO audit_targets (audit_id, value)
        SELECT DISTINCT a.id, t.atom FROM audit a, json_tree(a.targets) AS t WHERE t.type = 'text'`
  ).execute(db);
}

export async function insightTotals(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const int = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('insight_decisions')
    .addColumn('audit_id', int, (col) =>
      col.primaryKey().references('audit.id').onDelete('cascade'),
    )
    .addColumn('at', int, notNull)
    .addColumn('operator', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('message_id', 'text')
    .addColumn('class', 'text', notNull)
    .addColumn('repeat_of', int)
    .addColumn('rule_id', 'text')
    .addColumn('rule_name', 'text')
    .addColumn('sent_at', int)
    .addColumn('wait_bucket', int)
    .addCheckConstraint('insight_decisions_kind', sql`kind IN ('approved', 'rejected', 'deleted')`)
    .addCheckConstraint(
      'insight_decisions_class',
      sql`class IN ('first', 'late', 'repeat', 'none')`,
    )
    .execute();
  await db.schema
    .createIndex('insight_decisions_message')
    .on('insight_decisions')
    .column('message_id')
    .execute();
  await db.schema
    .createIndex('insight_decisions_class_at')
    .on('insight_decisions')
    .columns(['class', 'at'])
    .execute();
  await db.schema
    .createIndex('insight_decisions_wait')
    .on('insight_decisions')
    .columns(['wait_bucket', 'at'])
    .execute();
  await db.schema
    .createTable('insight_counts')
    .addColumn('span', int, notNull)
    .addColumn('period', int, notNull)
    .addColumn('dim', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('rule_name', 'text')
    .addColumn('n', int, notNull)
    .addPrimaryKeyConstraint('insight_counts_pk', ['span', 'period', 'dim', 'value', 'kind'])
    .execute();
  await db.schema
    .createTable('insight_waits')
    .addColumn('span', int, notNull)
    .addColumn('period', int, notNull)
    .addColumn('bucket', int, notNull)
    .addColumn('n', int, notNull)
    .addPrimaryKeyConstraint('insight_waits_pk', ['span', 'period', 'bucket'])
    .execute();
  await rebuildInsightTotals(db);
}

/**
 * A range's late repeats are filtered on their original's time: with it in the index (after class
 * and time), the filter runs on index entries instead of a row read each (decision 0046). It
 * replaces the index on class and time, which it begins with.
 */
export async function insightLateIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('insight_decisions_class_at_repeat')
    .on('insight_decisions')
    .columns(['class', 'at', 'repeat_of'])
    .execute();
  await db.schema.dropIndex('insight_decisions_class_at').execute();
}
