import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { authVersion } from './auth-version-migration';
import { authListeners } from './auth-watch';
import { baseline, columnTypes } from './baseline-migration';
import { auditTargets, insightLateIndex, insightTotals } from './scale-migrations';

import type { Engine } from './schema';
export type { Engine };

/** Replicas share what one process used to keep in memory (decision 0019). */
async function sharedByReplicas(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const int = t.int as 'bigint';
  const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
  await db.schema
    .createTable('rate_buckets')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('tokens', t.double as 'real', notNull)
    .addColumn('at', int, notNull)
    .addColumn('granted', int, notNull)
    .execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', notNull)
    .addColumn('expires_at', int, notNull)
    .execute();
  await db.schema
    .createTable('live_snapshots')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', int, notNull)
    .addColumn('at', int, notNull)
    .addColumn('body', 'text', notNull)
    .execute();
}

/**
 * The first outcome of a write sent with an `Idempotency-Key`, per operator and key, so a repeat on
 * any replica gets it back instead of a second write (decision 0023).
 */
async function idempotencyKeys(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const int = columnTypes(engine).int as 'bigint';
  const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('operator', 'text', notNull)
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('fingerprint', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('request_id', 'text', notNull)
    .addColumn('created_at', int, notNull)
    .addColumn('expires_at', int, notNull)
    .addColumn('status', int)
    .addColumn('headers', 'text')
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['operator', 'idempotency_key'])
    .addCheckConstraint('idempotency_keys_state', sql`state IN ('pending', 'done')`)
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

/**
 * The console store's migrations, one set for both engines, applied in name order and recorded in
 * `console_migrations`. Append; never edit or rename one that has shipped.
 */
export function schemaMigrations(
  engine: Engine,
  opts: { hasBaseline: boolean },
): Record<string, Migration> {
  return {
    '0001-baseline': {
      up: (db) => (opts.hasBaseline ? Promise.resolve() : baseline(db, engine)),
    },
    '0002-shared-by-replicas': { up: (db) => sharedByReplicas(db, engine) },
    '0003-idempotency-keys': { up: (db) => idempotencyKeys(db, engine) },
    '0004-audit-targets': { up: (db) => auditTargets(db, engine) },
    '0005-insight-totals': { up: (db) => insightTotals(db, engine) },
    '0006-insight-late-index': { up: (db) => insightLateIndex(db) },
    '0007-auth-version': { up: (db) => authVersion(db, engine) },
    '0008-auth-listeners': { up: (db) => authListeners(db, engine) },
  };
}
