import { z } from 'zod';
import type { AuditEntry, AuditFilter, AuditOutcome } from '../../../src/api/schemas/console';
import type { ConsoleStore } from './store';

export interface AuditRecord {
  at: number;
  requestId: string;
  operator: string | null;
  role: string | null;
  action: string;
  operation: string;
  target: string | null;
  onBehalfOf: string | null;
  reason: string | null;
  status: number;
  upstreamStatus: number | null;
  outcome: AuditOutcome;
  detail: string | null;
  durationMs: number;
}

/** Control characters become visible escapes, so a crafted path or reason cannot forge lines. */
export function cleanText(value: string, max: number): string {
  const escaped = value.replace(
    /\p{Cc}/gu,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

const optional = (value: string | null, max: number) =>
  value === null ? null : cleanText(value, max);

export function recordAudit(store: ConsoleStore, entry: AuditRecord): void {
  store
    .statement(
      `INSERT INTO audit (at, request_id, operator, role, action, operation, target, on_behalf_of, reason,
         status, upstream_status, outcome, detail, duration_ms)
       VALUES (@at, @requestId, @operator, @role, @action, @operation, @target, @onBehalfOf, @reason,
         @status, @upstreamStatus, @outcome, @detail, @durationMs)`,
    )
    .run({
      ...entry,
      operator: optional(entry.operator, 100),
      action: cleanText(entry.action, 100),
      operation: cleanText(entry.operation, 300),
      target: optional(entry.target, 2000),
      onBehalfOf: optional(entry.onBehalfOf, 100),
      reason: optional(entry.reason, 500),
      detail: optional(entry.detail, 300),
      durationMs: Math.max(0, Math.round(entry.durationMs)),
    });
}

const rowSchema = z.object({
  id: z.number(),
  at: z.number(),
  request_id: z.string(),
  operator: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  operation: z.string(),
  target: z.string().nullable(),
  on_behalf_of: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.number(),
  upstream_status: z.number().nullable(),
  outcome: z.enum(['ok', 'denied', 'failed']),
  detail: z.string().nullable(),
  duration_ms: z.number(),
});

const toEntry = (row: z.infer<typeof rowSchema>): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  requestId: row.request_id,
  operator: row.operator,
  role: row.role,
  action: row.action,
  operation: row.operation,
  target: row.target,
  onBehalfOf: row.on_behalf_of,
  reason: row.reason,
  status: row.status,
  upstreamStatus: row.upstream_status,
  outcome: row.outcome,
  detail: row.detail,
  durationMs: row.duration_ms,
});

const toMillis = (value: string): number =>
  /^\d+$/.test(value) ? Number(value) : new Date(value).getTime();

function whereClause(filter: AuditFilter) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.operator) {
    clauses.push('operator = ?');
    params.push(filter.operator.toLowerCase());
  }
  if (filter.operation) {
    clauses.push('(action = ? OR operation = ?)');
    params.push(filter.operation, filter.operation);
  }
  if (filter.target) {
    clauses.push('instr(target, ?) > 0');
    params.push(filter.target);
  }
  if (filter.outcome) {
    clauses.push('outcome = ?');
    params.push(filter.outcome);
  }
  if (filter.from) {
    clauses.push('at >= ?');
    params.push(toMillis(filter.from));
  }
  if (filter.to) {
    clauses.push('at <= ?');
    params.push(toMillis(filter.to));
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of matching entries, newest first, with the chat API's page-style pagination. */
export function queryAudit(store: ConsoleStore, filter: AuditFilter) {
  const where = whereClause(filter);
  const total = z.number().parse(
    store.db
      .prepare(`SELECT count(*) FROM audit ${where.sql}`)
      .pluck()
      .get(...where.params),
  );
  const rows = store.db
    .prepare(`SELECT * FROM audit ${where.sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...where.params, filter.perPage, (filter.page - 1) * filter.perPage);
  const data = z.array(rowSchema).parse(rows).map(toEntry);
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

/** Every matching entry, newest first, up to `limit` (the CSV export). */
export function* iterateAudit(
  store: ConsoleStore,
  filter: AuditFilter,
  limit: number,
): Generator<AuditEntry> {
  const where = whereClause(filter);
  const stmt = store.db.prepare(
    `SELECT * FROM audit ${where.sql} ORDER BY at DESC, id DESC LIMIT ?`,
  );
  for (const row of stmt.iterate(...where.params, limit)) yield toEntry(rowSchema.parse(row));
}
