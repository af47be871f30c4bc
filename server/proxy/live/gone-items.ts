import { sql } from 'kysely';
import type { GoneItem } from '../../../src/api/schemas/live-queue';
import { asDecision } from '../api/decision-record';
import type { Runtime } from '../context';
import { jsonText } from '../store/sql-json';
import type { LiveList } from './live-lists';

/** A decision older than this is not why an item left the list now. */
const noteWindowMs = 24 * 60 * 60_000;

const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Why items left the list, in one read of the console's audit trail: "Rejected by sam" (or, on the
 * flagged list, "Blocked by sam") with the decision (what, who, when), else "Decided outside the
 * console". The trail is in the store every replica shares, so a decision made through any of them
 * is named.
 */
export async function goneItems(
  rt: Runtime,
  list: LiveList,
  messageIds: readonly string[],
): Promise<GoneItem[]> {
  if (messageIds.length === 0) return [];
  const { store } = rt.deps;
  // A review names its message `messageId`, a deletion `id`.
  const target = sql<
    string | null
  >`coalesce(${jsonText(store.engine, 'targets', 'messageId')}, ${jsonText(store.engine, 'targets', 'id')})`;
  const rows = await store.db
    .selectFrom('audit')
    .select([
      'operator',
      'action',
      'at',
      jsonText(store.engine, 'targets', 'status').as('status'),
      target.as('target'),
    ])
    .where('action', 'in', [...list.decidedBy])
    .where('outcome', 'in', ['ok', 'pending', 'unknown'])
    .where('at', '>=', rt.now() - noteWindowMs)
    .where(target, 'in', [...messageIds])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return messageIds.map((messageId): GoneItem => {
    // The newest decision on the message is why it left.
    const row = rows.find((r) => r.target === messageId);
    if (row === undefined) return { messageId, note: 'Decided outside the console' };
    const status =
      row.action === 'messages.delete'
        ? 'deleted'
        : asDecision(row.status) === 'approved'
          ? 'approved'
          : 'rejected';
    const word = status === 'rejected' ? list.hiddenWord : capital(status);
    return {
      messageId,
      note: `${word} by ${row.operator ?? 'someone'}`,
      decided: { status, by: row.operator, at: new Date(Number(row.at)).toISOString() },
    };
  });
}
