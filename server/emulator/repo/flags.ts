import type Database from 'better-sqlite3';
import { sql } from '../statements';
import { hydrateMessages, type MessageRow, type WireMessage } from './messages';
import { toUser, usersByUid } from './users';

export interface FlaggedRow {
  message_id: number;
  rule_id: string | null;
  rule_name: string | null;
  status: 'pending' | 'approved' | 'disapproved';
  created_at: number;
  updated_at: number;
}

interface FlagRow {
  message_id: number;
  uid: string;
  reason_id: string;
  reason_name: string | null;
  reason_description: string | null;
  remark: string | null;
  created_at: number;
}

export function findFlagged(db: Database.Database, messageId: number): FlaggedRow | undefined {
  return sql<FlaggedRow>(db, 'SELECT * FROM flagged_messages WHERE message_id = ?').get(messageId);
}

/** One report: `reason` as the reasons list names it now (kept as it was when the reason is gone). */
export interface FlagReport {
  messageId: number;
  uid: string;
  reason: { id: string; name?: string | undefined; description?: string | undefined };
  remark?: string | undefined;
  at: number;
}

/**
 * Records a report, or a rule's flag when `rule` is given. A message decided earlier is pending
 * again: a new report asks for a new review. One report per user and message; a second one
 * replaces the first.
 */
export function recordFlag(
  db: Database.Database,
  flag: { messageId: number; at: number; rule?: { id: string; name: string } },
  report?: FlagReport,
): void {
  sql(
    db,
    `INSERT INTO flagged_messages (message_id, rule_id, rule_name, status, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?)
     ON CONFLICT (message_id) DO UPDATE SET status = 'pending', updated_at = excluded.updated_at,
       rule_id = coalesce(excluded.rule_id, rule_id), rule_name = coalesce(excluded.rule_name, rule_name)`,
  ).run(flag.messageId, flag.rule?.id ?? null, flag.rule?.name ?? null, flag.at, flag.at);
  if (!report) return;
  sql(
    db,
    `INSERT INTO message_flags (message_id, uid, reason_id, reason_name, reason_description, remark, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (message_id, uid) DO UPDATE SET reason_id = excluded.reason_id, reason_name = excluded.reason_name,
       reason_description = excluded.reason_description, remark = excluded.remark, created_at = excluded.created_at`,
  ).run(
    report.messageId,
    report.uid,
    report.reason.id,
    report.reason.name ?? null,
    report.reason.description ?? null,
    report.remark ?? null,
    report.at,
  );
}

/** `flaggedBy` of each message: the reporter's user fields and the report, oldest report first. */
function reportsOf(db: Database.Database, ids: readonly number[]) {
  const flags = sql<FlagRow>(
    db,
    'SELECT * FROM message_flags WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, uid',
  ).all(JSON.stringify(ids));
  const users = usersByUid(
    db,
    flags.map((f) => f.uid),
  );
  const result = new Map<number, Record<string, unknown>[]>();
  for (const flag of flags) {
    const row = users.get(flag.uid);
    const user = row ? toUser(row) : { uid: flag.uid, name: flag.uid };
    const entry: Record<string, unknown> = {
      uid: user.uid,
      name: user.name,
      ...(user.avatar === undefined ? {} : { avatar: user.avatar }),
      ...(user.role === undefined ? {} : { role: user.role }),
      reasonId: flag.reason_id,
      ...(flag.reason_name === null ? {} : { reasonName: flag.reason_name }),
      ...(flag.reason_description === null ? {} : { description: flag.reason_description }),
      ...(flag.remark === null ? {} : { remark: flag.remark }),
      flaggedAt: flag.created_at,
    };
    result.set(flag.message_id, [...(result.get(flag.message_id) ?? []), entry]);
  }
  return result;
}

export interface FlaggedParts {
  row: FlaggedRow;
  message: WireMessage;
  flaggedBy: Record<string, unknown>[];
}

/**
 * The messages of `rows` with their reports, in the order of `rows`. The rule that flagged a
 * message is named in `data.moderation.rule`, beside the review state.
 */
export function flaggedParts(db: Database.Database, rows: readonly FlaggedRow[]): FlaggedParts[] {
  const ids = rows.map((r) => r.message_id);
  const messageRows = sql<MessageRow>(
    db,
    'SELECT * FROM messages WHERE id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(ids));
  const messages = new Map(hydrateMessages(db, messageRows).map((m) => [m.id, m]));
  const reports = reportsOf(db, ids);
  return rows.flatMap((row) => {
    const message = messages.get(String(row.message_id));
    if (!message) return [];
    message.data.moderation =
      row.rule_id === null
        ? { status: row.status }
        : { status: row.status, rule: { id: row.rule_id, name: row.rule_name ?? row.rule_id } };
    return [{ row, message, flaggedBy: reports.get(row.message_id) ?? [] }];
  });
}

/** Items of `GET /moderation/flagged-messages`: the message's fields and `flaggedBy`. */
export const toFlaggedItems = (db: Database.Database, rows: readonly FlaggedRow[]) =>
  flaggedParts(db, rows).map(({ message, flaggedBy }) => ({ ...message, flaggedBy }));

/** Items of the reviewed list for decided flags: the reviewed item's shape with `flaggedBy`. */
export const toReviewedFlagItems = (db: Database.Database, rows: readonly FlaggedRow[]) =>
  flaggedParts(db, rows).map(({ row, message, flaggedBy }) => ({
    ...(row.rule_id === null
      ? {}
      : { ruleId: row.rule_id, ruleName: row.rule_name ?? row.rule_id }),
    message,
    flaggedBy,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
