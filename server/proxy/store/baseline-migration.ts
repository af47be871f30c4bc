import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from './schema';

/** Column types that read the same on both engines (decision 0019). */
export function columnTypes(engine: Engine) {
  const pg = engine === 'postgres';
  return {
    /** Times in milliseconds and counts that outgrow 32 bits. */
    int: pg ? 'bigint' : 'integer',
    /** Eight-byte floating point (PostgreSQL's `real` has four). */
    double: pg ? 'double precision' : 'real',
    /** A row id: SQLite's rowid alias, PostgreSQL's identity column. */
    id: (col: ColumnDefinitionBuilder) =>
      pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey(),
    /** `targets` holds a JSON object. */
    jsonObject: pg
      ? sql`jsonb_typeof(targets::jsonb) = 'object'`
      : sql`json_valid(targets) AND json_type(targets) = 'object'`,
  } as const;
}

/**
 * The store as decisions 0001 to 0018 left it, for a new store on either engine. A SQLite store
 * that an older console created already has it (brought there by `sqlite-history.ts`), and a test
 * checks that both roads end at the same tables, columns and indexes.
 */
export async function baseline(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const columns = baselineColumns(engine);
  await operatorTables(db, columns);
  await auditTables(db, columns);
  await reviewTables(db, columns);
}

/** What the baseline's tables are written with. */
function baselineColumns(engine: Engine) {
  const t = columnTypes(engine);
  const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
  return { t, notNull, int: t.int as 'bigint' };
}
type BaselineColumns = ReturnType<typeof baselineColumns>;

/** Operators, their sessions, one-time links, failed sign-ins and single sign-ons under way. */
async function operatorTables(db: Kysely<unknown>, { t, notNull, int }: BaselineColumns) {
  await db.schema
    .createTable('operators')
    .addColumn('id', int, t.id)
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('created_at', int, notNull)
    .addColumn('password_changed_at', int, notNull)
    .addColumn('sso_subject', 'text')
    .addColumn('must_change_password', int, (col) => col.notNull().defaultTo(0))
    .addColumn('last_sign_in_at', int)
    .addCheckConstraint('operators_role', sql`role IN ('admin', 'moderator', 'support')`)
    .execute();
  await db.schema
    .createIndex('operators_sso_subject')
    .unique()
    .on('operators')
    .column('sso_subject')
    .where(sql.ref('sso_subject'), 'is not', null)
    .execute();

  // Only a hash of the cookie value is stored, so a copy of the store holds no usable session.
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', int, (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('created_at', int, notNull)
    .addColumn('last_seen_at', int, notNull)
    .addColumn('id', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('client', 'text')
    .execute();
  await db.schema.createIndex('sessions_operator').on('sessions').column('operator_id').execute();
  await db.schema.createIndex('sessions_id').unique().on('sessions').column('id').execute();

  await db.schema
    .createTable('sign_in_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', int, (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('expires_at', int, notNull)
    .addColumn('used_at', int)
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', int, t.id)
    .addColumn('scope', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('at', int, notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_subject')
    .on('login_failures')
    .columns(['scope', 'subject', 'at'])
    .execute();

  await db.schema
    .createTable('sso_sign_ins')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('code_verifier', 'text', notNull)
    .addColumn('return_to', 'text', notNull)
    .addColumn('expires_at', int, notNull)
    .execute();
}

/** The audit trail, and the permission maps the service reports in its answers. */
async function auditTables(db: Kysely<unknown>, { t, notNull, int }: BaselineColumns) {
  await db.schema
    .createTable('audit')
    .addColumn('id', int, t.id)
    .addColumn('at', int, notNull)
    .addColumn('request_id', 'text', notNull)
    .addColumn('operator', 'text')
    .addColumn('role', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('operation', 'text', notNull)
    .addColumn('targets', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('on_behalf_of', 'text')
    .addColumn('reason', 'text')
    .addColumn('status', int)
    .addColumn('upstream_status', int)
    .addColumn('outcome', 'text', notNull)
    .addColumn('detail', 'text')
    .addColumn('duration_ms', int)
    .addColumn('client', 'text')
    .addColumn('repeat_count', int, (col) => col.notNull().defaultTo(1))
    .addColumn('last_at', int)
    .addColumn('note', 'text')
    .addColumn('reason_id', 'text')
    .addCheckConstraint('audit_targets', t.jsonObject)
    .addCheckConstraint(
      'audit_outcome',
      sql`outcome IN ('ok', 'refused', 'failed', 'unknown', 'denied', 'pending')`,
    )
    .addCheckConstraint('audit_repeat_count', sql`repeat_count >= 1`)
    .execute();
  await db.schema.createIndex('audit_at').on('audit').column('at').execute();
  await db.schema.createIndex('audit_operator').on('audit').columns(['operator', 'at']).execute();
  await db.schema
    .createIndex('audit_pending')
    .on('audit')
    .column('outcome')
    .where(sql.ref('outcome'), '=', 'pending')
    .execute();
  await db.schema.createIndex('audit_action_at').on('audit').columns(['action', 'at']).execute();

  // The service has no read of a role's permission map; its writes answer with the whole map.
  await db.schema
    .createTable('reported_permissions')
    .addColumn('id', int, t.id)
    .addColumn('role', 'text', notNull)
    .addColumn('permissions', 'text', notNull)
    .addColumn('reported_at', int, notNull)
    .addColumn('reported_by', 'text', notNull)
    .addColumn('operation', 'text', notNull)
    .addColumn('request_id', 'text', notNull)
    .addCheckConstraint('reported_permissions_operation', sql`operation IN ('PUT', 'DELETE')`)
    .execute();
  await db.schema
    .createIndex('reported_permissions_role')
    .on('reported_permissions')
    .columns(['role', 'reported_at', 'id'])
    .execute();
}

/** The review queues: claims, size samples, and the items seen with their rules. */
async function reviewTables(db: Kysely<unknown>, { t, notNull, int }: BaselineColumns) {
  await db.schema
    .createTable('queue_claims')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('operator', 'text', notNull)
    .addColumn('claimed_at', int, notNull)
    .addColumn('expires_at', int, notNull)
    .execute();
  await db.schema
    .createIndex('queue_claims_operator')
    .on('queue_claims')
    .column('operator')
    .execute();

  await db.schema
    .createTable('queue_samples')
    .addColumn('id', int, t.id)
    .addColumn('at', int, notNull)
    .addColumn('size', int, (col) => col.notNull().check(sql`size >= 0`))
    .addColumn('oldest_sent_at', t.double as 'real')
    .execute();
  await db.schema.createIndex('queue_samples_at').on('queue_samples').column('at').execute();

  await db.schema
    .createTable('moderation_items')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('rule_id', 'text', notNull)
    .addColumn('rule_name', 'text')
    .addColumn('sent_at', int)
    .addColumn('seen_at', int, notNull)
    .execute();
  await db.schema
    .createIndex('moderation_items_seen')
    .on('moderation_items')
    .column('seen_at')
    .execute();
}
