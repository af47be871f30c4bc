import type Database from 'better-sqlite3';
import { parseColumn, sql } from '../statements';
import { hydrateMessages, type MessageRow, type WireMessage } from './messages';

export interface BlockedRow {
  message_id: number;
  rule_id: string;
  rule_name: string;
  revision_id: string | null;
  condition: string;
  action: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewed: number;
  created_at: number;
  updated_at: number;
}

export function findBlocked(db: Database.Database, messageId: number): BlockedRow | undefined {
  return sql<BlockedRow>(db, 'SELECT * FROM blocked_messages WHERE message_id = ?').get(messageId);
}

/** An item of the blocked and reviewed lists, addressed by `message.id`. */
export interface BlockedItem {
  ruleId: string;
  ruleName: string;
  revisionId?: string;
  /** As the rule states it: `message` is a string for text rules, a list for image rules. */
  condition: Record<string, unknown>;
  message: WireMessage;
  action: string[];
  /** Where the item stands in the emulator's queue (not in the service's documented item). */
  status: BlockedRow['status'];
  reviewed: boolean;
  createdAt: number;
  updatedAt: number;
}

function condition(value: string): Record<string, unknown> {
  const parsed = parseColumn(value);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : {};
}

/** Queue items with their full messages, in the order of `rows`. */
export function toBlockedItems(db: Database.Database, rows: readonly BlockedRow[]): BlockedItem[] {
  const messageRows = sql<MessageRow>(
    db,
    'SELECT * FROM messages WHERE id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(rows.map((r) => r.message_id)));
  const messages = new Map(hydrateMessages(db, messageRows).map((m) => [m.id, m]));
  return rows.flatMap((row) => {
    const message = messages.get(String(row.message_id));
    if (!message) return [];
    const action = parseColumn(row.action);
    const item: BlockedItem = {
      ruleId: row.rule_id,
      ruleName: row.rule_name,
      condition: condition(row.condition),
      message,
      action: Array.isArray(action) ? action.filter((a): a is string => typeof a === 'string') : [],
      status: row.status,
      reviewed: row.reviewed === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
    if (row.revision_id !== null) item.revisionId = row.revision_id;
    return [item];
  });
}
