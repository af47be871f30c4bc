import { z } from 'zod';
import {
  auditOutcomeSchema,
  auditTargetsSchema,
  type AuditEntry,
  type AuditOutcome,
  type AuditTargets,
} from '../../../src/api/schemas/console';
import { noteDecision } from '../insights/decision-rollups';
import { noteAuditWrite } from './audit-events';
import { recordTargets } from './audit-targets';
import type { ConsoleStore, StoreDb } from '../store/store';

export interface AuditRecord {
  at: number;
  requestId: string;
  operator: string | null;
  role: string | null;
  action: string;
  operation: string;
  targets: AuditTargets;
  onBehalfOf: string | null;
  reason: string | null;
  /** The id of the moderation reason the operator picked (its name is `reason`). */
  reasonId?: string | null;
  /** The operator's own note on a decision or a ban; kept by the console only. */
  note?: string | null;
  /** The console's answer; null while an intent is pending. */
  status: number | null;
  upstreamStatus: number | null;
  outcome: AuditOutcome;
  detail: string | null;
  durationMs: number | null;
  /** The client address, kept for coalesced unauthenticated refusals only. */
  client?: string | null;
}

/** Control characters become visible escapes, so a crafted path or reason cannot forge lines. */
export function cleanText(value: string, max: number): string {
  const escaped = value.replace(
    /\p{Cc}/gu,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

export const optionalText = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : cleanText(value, max);

/** Every name and value cleaned and capped; lists (the uids of a bulk call) are kept whole. */
export function cleanTargetObject(targets: AuditTargets): AuditTargets {
  const clean: AuditTargets = {};
  for (const [name, value] of Object.entries(targets)) {
    clean[cleanText(name, 100)] =
      typeof value === 'boolean'
        ? value
        : Array.isArray(value)
          ? value.map((item) => cleanText(item, 300))
          : cleanText(value, 300);
  }
  return clean;
}

export const cleanTargets = (targets: AuditTargets): string =>
  JSON.stringify(cleanTargetObject(targets));

/**
 * Inserts one row with what finds it by target and, for an applied decision, what the insights
 * count of it, in one transaction (the caller's, when `db` is one); returns its id. Rejects when
 * the store cannot take it (full disk, say).
 */
export async function recordAudit(
  store: ConsoleStore,
  entry: AuditRecord,
  db: StoreDb = store.db,
): Promise<number> {
  const targets = cleanTargetObject(entry.targets);
  const write = async (trx: StoreDb) => {
    const row = {
      at: entry.at,
      operator: optionalText(entry.operator, 100),
      action: cleanText(entry.action, 100),
    };
    const { id } = await trx
      .insertInto('audit')
      .values({
        ...row,
        request_id: entry.requestId,
        role: entry.role,
        operation: cleanText(entry.operation, 300),
        targets: JSON.stringify(targets),
        on_behalf_of: optionalText(entry.onBehalfOf, 100),
        reason: optionalText(entry.reason, 500),
        status: entry.status,
        upstream_status: entry.upstreamStatus,
        outcome: entry.outcome,
        detail: optionalText(entry.detail, 300),
        duration_ms: entry.durationMs === null ? null : Math.max(0, Math.round(entry.durationMs)),
        client: optionalText(entry.client, 100),
        note: optionalText(entry.note, 500),
        reason_id: optionalText(entry.reasonId, 100),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordTargets(trx, id, targets);
    if (entry.outcome === 'ok') await noteDecision(trx, store.engine, { ...row, id, targets });
    return id;
  };
  const id = db.isTransaction ? await write(db) : await db.transaction().execute(write);
  noteAuditWrite(store, entry.outcome);
  return id;
}

export function parseTargets(text: string): AuditTargets {
  try {
    return auditTargetsSchema.catch({}).parse(JSON.parse(text));
  } catch {
    return {};
  }
}

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.number(),
  request_id: z.string(),
  operator: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  operation: z.string(),
  targets: z.string().transform(parseTargets),
  on_behalf_of: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.number().nullable(),
  upstream_status: z.number().nullable(),
  outcome: auditOutcomeSchema,
  detail: z.string().nullable(),
  duration_ms: z.number().nullable(),
  client: z.string().nullable(),
  repeat_count: z.number(),
  note: z.string().nullable().default(null),
  reason_id: z.string().nullable().default(null),
});

export const toAuditEntry = (row: z.infer<typeof auditRowSchema>): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  requestId: row.request_id,
  operator: row.operator,
  role: row.role,
  action: row.action,
  operation: row.operation,
  targets: row.targets,
  onBehalfOf: row.on_behalf_of,
  reason: row.reason,
  status: row.status,
  upstreamStatus: row.upstream_status,
  outcome: row.outcome,
  detail: row.detail,
  durationMs: row.duration_ms,
  repeatCount: row.repeat_count,
  client: row.client,
  note: row.note,
  reasonId: row.reason_id,
});
