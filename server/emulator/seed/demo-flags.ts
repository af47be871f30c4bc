import type Database from 'better-sqlite3';
import { recordFlag } from '../repo/flags';
import { sql } from '../statements';

/**
 * Flagged messages of the demo: messages users reported (one to three reporters each, with a reason
 * and sometimes a remark), two a rule with the flag action flagged (one of them reported by a user
 * too), and one flag already approved. Each flag is dated after its message was sent, whatever the
 * dates of the demo timeline, so the demo stays consistent when the timeline moves.
 */
const reports: readonly {
  /** The n-th latest visible text message (0 = the latest), of a group when several report it. */
  nth: number;
  reporters: readonly { reasonId: string; remark?: string }[];
  rule?: { id: string; name: string };
  approved?: true;
}[] = [
  { nth: 2, reporters: [{ reasonId: 'spam', remark: 'Keeps posting the same link' }] },
  {
    nth: 5,
    reporters: [
      { reasonId: 'harassment', remark: 'Third time this week' },
      { reasonId: 'harassment' },
      { reasonId: 'off-topic', remark: 'Not what this group is for' },
    ],
  },
  { nth: 9, reporters: [{ reasonId: 'scam', remark: 'Asks people to pay in gift cards' }] },
  {
    nth: 14,
    reporters: [{ reasonId: 'spam' }, { reasonId: 'scam', remark: 'Fake giveaway' }],
  },
  {
    nth: 18,
    reporters: [],
    rule: { id: 'contact_details_filter', name: 'Contact Details Filter' },
  },
  {
    nth: 23,
    reporters: [{ reasonId: 'spam', remark: 'Phone number in every message' }],
    rule: { id: 'contact_details_filter', name: 'Contact Details Filter' },
  },
  { nth: 27, reporters: [{ reasonId: 'off-topic' }] },
  { nth: 31, reporters: [{ reasonId: 'sexual', remark: 'Not appropriate here' }] },
  { nth: 36, reporters: [{ reasonId: 'harassment', remark: 'Turned out fine' }], approved: true },
];

interface Candidate {
  id: number;
  sender: string;
  receiver_type: 'user' | 'group';
  receiver: string;
  sent_at: number;
}

/** Who may report the message: the other user of a conversation, or the group's other members. */
function possibleReporters(db: Database.Database, message: Candidate): string[] {
  if (message.receiver_type === 'user') return [message.receiver];
  return sql<{ uid: string }>(
    db,
    `SELECT m.uid FROM group_members m JOIN users u ON u.uid = m.uid
     WHERE m.guid = ? AND m.uid != ? AND u.deactivated_at IS NULL ORDER BY m.joined_at, m.uid`,
  )
    .all(message.receiver, message.sender)
    .map((row) => row.uid);
}

export function seedFlags(db: Database.Database): void {
  const candidates = sql<Candidate>(
    db,
    `SELECT id, sender, receiver_type, receiver, sent_at FROM messages
     WHERE category = 'message' AND type = 'text' AND moderation IS NULL AND deleted_at IS NULL
     ORDER BY id DESC`,
  ).all();
  const reasons = new Map(
    sql<{ id: string; name: string; description: string }>(
      db,
      'SELECT id, name, description FROM moderation_reasons',
    )
      .all()
      .map((r) => [r.id, r]),
  );
  for (const flag of reports) {
    const pool =
      flag.reporters.length > 1
        ? candidates.filter((c) => c.receiver_type === 'group')
        : candidates;
    const message = pool[flag.nth];
    if (!message) continue;
    const people = possibleReporters(db, message);
    const at = message.sent_at + 20 * 60;
    recordFlag(db, { messageId: message.id, at, ...(flag.rule ? { rule: flag.rule } : {}) });
    flag.reporters.forEach((report, index) => {
      const uid = people[index];
      const reason = reasons.get(report.reasonId);
      if (uid === undefined || !reason) return;
      recordFlag(
        db,
        { messageId: message.id, at: at + index * 15 * 60 },
        {
          messageId: message.id,
          uid,
          reason: { id: reason.id, name: reason.name, description: reason.description },
          remark: report.remark,
          at: at + index * 15 * 60,
        },
      );
    });
    if (flag.approved) {
      const decidedAt = at + 2 * 60 * 60;
      sql(
        db,
        "UPDATE flagged_messages SET status = 'approved', updated_at = ? WHERE message_id = ?",
      ).run(decidedAt, message.id);
      sql(db, "UPDATE messages SET moderation = 'approved', updated_at = ? WHERE id = ?").run(
        decidedAt,
        message.id,
      );
    }
  }
}
