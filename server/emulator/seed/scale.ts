import type Database from 'better-sqlite3';

export const scaleUid = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;
const kinds = ['👍🏽', '❤️', '😂', '🎉', '👨‍👩‍👧', '🇫🇷'];

/**
 * Test data at scale, in one transaction: `users` plain users named `<prefix>-000001…`, and when
 * `reactionsOn` is given, one reaction by each of them on that message (cycling through six emoji,
 * including multi-codepoint ones). The reacting users are added to the message's group, if any, so
 * the data stays consistent with what the API itself would allow.
 */
export function seedScale(
  db: Database.Database,
  opts: { users: number; prefix: string; reactionsOn?: number; now: number },
): { users: number; reactions: number } {
  const user = db.prepare(
    "INSERT OR IGNORE INTO users (uid, name, status, role, created_at, updated_at) VALUES (?, ?, 'offline', 'default', ?, ?)",
  );
  const message =
    opts.reactionsOn === undefined
      ? undefined
      : db
          .prepare<[number], { receiver_type: string; receiver: string }>(
            'SELECT receiver_type, receiver FROM messages WHERE id = ?',
          )
          .get(opts.reactionsOn);
  const member = db.prepare(
    "INSERT OR IGNORE INTO group_members (guid, uid, scope, joined_at) VALUES (?, ?, 'participant', ?)",
  );
  const reaction = db.prepare(
    'INSERT OR IGNORE INTO reactions (message_id, reaction, uid, reacted_at) VALUES (?, ?, ?, ?)',
  );
  let reactions = 0;
  db.transaction(() => {
    for (let i = 1; i <= opts.users; i += 1) {
      const uid = scaleUid(opts.prefix, i);
      user.run(uid, `Scale User ${i}`, opts.now - opts.users + i, opts.now - opts.users + i);
      if (!message || opts.reactionsOn === undefined) continue;
      if (message.receiver_type === 'group') member.run(message.receiver, uid, opts.now);
      reactions += reaction.run(
        opts.reactionsOn,
        kinds[i % kinds.length] ?? '👍🏽',
        uid,
        opts.now - opts.users + i,
      ).changes;
    }
  })();
  return { users: opts.users, reactions };
}
