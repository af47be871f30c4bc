import type Database from 'better-sqlite3';
import { day, seedEpoch } from './insert';

export const largeCounts = {
  users: 100_000,
  bans: 100_000,
  messages: 1_000_000,
  reactions: 100_000,
  lobbyMembers: 1_000,
} as const;
export const largeUid = (n: number) => `load-${String(n).padStart(6, '0')}`;
export const largeGroups = { bans: 'load-bans', lobby: 'load-lobby' } as const;
const reactionKinds = ['👍🏽', '❤️', '😂', '🎉', '👨‍👩‍👧', '🇫🇷'];
const chunk = 50_000;

/** Runs `insert(i)` for i in [1, count] in transactions of `chunk` rows. */
function inChunks(db: Database.Database, count: number, insert: (i: number) => void) {
  for (let start = 1; start <= count; start += chunk) {
    const end = Math.min(count, start + chunk - 1);
    db.transaction(() => {
      for (let i = start; i <= end; i += 1) insert(i);
    })();
  }
}

/**
 * Scale data for benchmarks and paging tests. Skipped when it is already there. Runs without fsync
 * (synchronous=OFF) because a seed interrupted by a crash is simply seeded again; the store's
 * setting is restored afterwards.
 */
export function seedLargeData(db: Database.Database) {
  if (db.prepare('SELECT 1 FROM users WHERE uid = ?').get(largeUid(1))) return;
  const synchronous = db.pragma('synchronous', { simple: true });
  db.pragma('synchronous = OFF');
  try {
    insertLargeData(db);
  } finally {
    db.pragma(`synchronous = ${Number(synchronous)}`);
  }
}

function insertLargeData(db: Database.Database) {
  const t0 = seedEpoch - 365 * day;

  const user = db.prepare(
    "INSERT INTO users (uid, name, avatar, status, role, created_at, updated_at) VALUES (?, ?, ?, 'offline', 'default', ?, ?)",
  );
  inChunks(db, largeCounts.users, (i) =>
    user.run(
      largeUid(i),
      `Load User ${i}`,
      `https://avatars.example.com/u/${largeUid(i)}.png`,
      t0 + i,
      t0 + i,
    ),
  );

  const group = db.prepare(
    "INSERT INTO groups (guid, name, type, description, owner, created_at, updated_at) VALUES (?, ?, 'public', ?, ?, ?, ?)",
  );
  const member = db.prepare(
    'INSERT INTO group_members (guid, uid, scope, joined_at) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    // Owned by a demo user so that all 100,000 load users can be banned.
    group.run(
      largeGroups.bans,
      'Load: banned users',
      '100,000 banned users',
      'olivia-bennett',
      t0,
      t0,
    );
    group.run(
      largeGroups.lobby,
      'Load: lobby',
      'A busy group for paging tests',
      largeUid(1),
      t0,
      t0,
    );
    member.run(largeGroups.bans, 'olivia-bennett', 'admin', t0);
    for (let i = 1; i <= largeCounts.lobbyMembers; i += 1)
      member.run(largeGroups.lobby, largeUid(i), i === 1 ? 'admin' : 'participant', t0 + i);
  })();

  const ban = db.prepare('INSERT INTO group_bans (guid, uid, banned_at) VALUES (?, ?, ?)');
  inChunks(db, largeCounts.bans, (i) => ban.run(largeGroups.bans, largeUid(i), t0 + 1000 + i));

  // 1,000,000 messages: four in five in 1,000 one-on-one conversations, the rest in the lobby.
  const message = db.prepare(
    "INSERT INTO messages (conversation_id, sender, receiver_type, receiver, category, type, data, sent_at, updated_at) VALUES (?, ?, ?, ?, 'message', 'text', ?, ?, ?)",
  );
  const start = seedEpoch - 300 * day;
  let firstLobbyMessage = 0;
  inChunks(db, largeCounts.messages, (i) => {
    const sentAt = start + Math.floor(i * 25);
    const text = JSON.stringify({ text: `Load message ${i}` });
    if (i % 5 === 0) {
      const sender = largeUid((i % largeCounts.lobbyMembers) + 1);
      const result = message.run(
        `group_${largeGroups.lobby}`,
        sender,
        'group',
        largeGroups.lobby,
        text,
        sentAt,
        sentAt,
      );
      if (firstLobbyMessage === 0) firstLobbyMessage = Number(result.lastInsertRowid);
      return;
    }
    const pair = i % 1000;
    const a = largeUid(2 * pair + 1);
    const b = largeUid(2 * pair + 2);
    const [sender, receiver] = i % 2 === 0 ? [a, b] : [b, a];
    message.run(`${a}_user_${b}`, sender, 'user', receiver, text, sentAt, sentAt);
  });

  const reaction = db.prepare(
    'INSERT INTO reactions (message_id, reaction, uid, reacted_at) VALUES (?, ?, ?, ?)',
  );
  inChunks(db, largeCounts.reactions, (i) => {
    reaction.run(
      firstLobbyMessage,
      reactionKinds[i % reactionKinds.length],
      largeUid(i),
      start + 100 + i,
    );
  });
}
