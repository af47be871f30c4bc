import { z } from 'zod';
import type { AuditEntry, AuditFilter } from '../../../src/api/schemas/console';
import { auditRowSchema, toAuditEntry } from './audit-log';
import type { ConsoleStore } from './store';

const toMillis = (value: string): number =>
  /^\d+$/.test(value) ? Number(value) : new Date(value).getTime();

type Clauses = { clauses: string[]; params: (string | number)[] };

function filterClauses(filter: Omit<AuditFilter, 'page' | 'perPage'>): Clauses {
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
    // Any value of the targets, a member of a list included: `ann` finds `{ uids: ['ann', 'bob'] }`.
    clauses.push(
      "EXISTS (SELECT 1 FROM json_tree(audit.targets) AS t WHERE t.type = 'text' AND t.atom = ?)",
    );
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
  return { clauses, params };
}

const where = ({ clauses }: Clauses) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');

/** One page of matching entries, newest first, with the chat API's page-style pagination. */
export function queryAudit(store: ConsoleStore, filter: AuditFilter) {
  const found = filterClauses(filter);
  const total = z.number().parse(
    store.sqlite
      .prepare(`SELECT count(*) FROM audit ${where(found)}`)
      .pluck()
      .get(...found.params),
  );
  const rows = store.sqlite
    .prepare(`SELECT * FROM audit ${where(found)} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...found.params, filter.perPage, (filter.page - 1) * filter.perPage);
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
export function auditChunk(
  store: ConsoleStore,
  filter: Omit<AuditFilter, 'page' | 'perPage'>,
  after: AuditCursor | undefined,
  size: number,
): { entries: AuditEntry[]; next: AuditCursor | undefined } {
  const found = filterClauses(filter);
  if (after) {
    found.clauses.push('(at < ? OR (at = ? AND id < ?))');
    found.params.push(after.at, after.at, after.id);
  }
  const rows = z
    .array(auditRowSchema)
    .parse(
      store.sqlite
        .prepare(`SELECT * FROM audit ${where(found)} ORDER BY at DESC, id DESC LIMIT ?`)
        .all(...found.params, size),
    );
  const last = rows.at(-1);
  return {
    entries: rows.map(toAuditEntry),
    next: last && rows.length === size ? { at: last.at, id: last.id } : undefined,
  };
}
