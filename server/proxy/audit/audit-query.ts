import type { ExpressionBuilder, Expression, Kysely, SqlBool } from 'kysely';
import { z } from 'zod';
import type { AuditEntry, AuditFilter } from '../../../src/api/schemas/console';
import { auditRowSchema, toAuditEntry } from './audit-log';
import type { StoreSchema } from '../store/schema';
import type { ConsoleStore } from '../store/store';

const toMillis = (value: string): number =>
  /^\d+$/.test(value) ? Number(value) : new Date(value).getTime();

type AuditWhere = ExpressionBuilder<StoreSchema, 'audit'>;

/** The filter as one condition on `audit` (every clause must hold). */
function matching(filter: Omit<AuditFilter, 'page' | 'perPage'>) {
  return (eb: AuditWhere) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.operator) clauses.push(eb('operator', '=', filter.operator.toLowerCase()));
    if (filter.operation) {
      clauses.push(
        eb.or([eb('action', '=', filter.operation), eb('operation', '=', filter.operation)]),
      );
    }
    // Any value of the targets, a member of a list included: `ann` finds `{ uids: ['ann', 'bob'] }`.
    if (filter.target) {
      clauses.push(
        eb(
          'id',
          'in',
          eb.selectFrom('audit_targets').select('audit_id').where('value', '=', filter.target),
        ),
      );
    }
    if (filter.outcome) clauses.push(eb('outcome', '=', filter.outcome));
    if (filter.from) clauses.push(eb('at', '>=', toMillis(filter.from)));
    if (filter.to) clauses.push(eb('at', '<=', toMillis(filter.to)));
    return eb.and(clauses);
  };
}

/** The audit rows the filter matches. */
export const matchingRows = (
  db: Kysely<StoreSchema>,
  filter: Omit<AuditFilter, 'page' | 'perPage'>,
) => db.selectFrom('audit').where(matching(filter));

/** One page of matching entries, newest first, with the chat API's page-style pagination. */
export async function queryAudit(store: ConsoleStore, filter: AuditFilter) {
  const { total } = await matchingRows(store.db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await matchingRows(store.db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  const data = z.array(auditRowSchema).parse(rows).map(toAuditEntry);
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: filter.perPage,
        current_page: filter.page,
        total_pages: Math.max(1, Math.ceil(total / filter.perPage)),
      },
    },
  };
}

/** Where the previous chunk of a walk ended. */
export interface AuditCursor {
  at: number;
  id: number;
}

/**
 * Up to `size` matching entries, newest first, older than `after`: one statement per chunk, so no
 * cursor stays open on the connection between chunks and other requests use the store meanwhile.
 */
export async function auditChunk(
  store: ConsoleStore,
  filter: Omit<AuditFilter, 'page' | 'perPage'>,
  after: AuditCursor | undefined,
  size: number,
): Promise<{ entries: AuditEntry[]; next: AuditCursor | undefined }> {
  let query = matchingRows(store.db, filter).selectAll();
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  const rows = z
    .array(auditRowSchema)
    .parse(await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(size).execute());
  const last = rows.at(-1);
  return {
    entries: rows.map(toAuditEntry),
    next: last && rows.length === size ? { at: last.at, id: last.id } : undefined,
  };
}
