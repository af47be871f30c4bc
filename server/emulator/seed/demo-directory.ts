import type Database from 'better-sqlite3';
import { day, insertReason, insertRole, insertUser, setPermission } from './insert';
import { avatarUrl, deactivatedUids, firstNames, lastNames, namedUsers } from './people';
import type { Prng } from './prng';

/** uids of the extra community members created for ban lists: community-0001 ... */
export const communityUid = (n: number) => `community-${String(n).padStart(4, '0')}`;
export const communityCount = 260;
export const supportHubBans = 250;

export function seedRoles(db: Database.Database, epoch: number) {
  insertRole(db, {
    role: 'default',
    name: 'Default Role',
    description: 'This role gives full access ',
    createdAt: epoch - 500 * day,
  });
  insertRole(db, {
    role: 'manager',
    name: 'Manager',
    description: 'Team leads and community managers',
    createdAt: epoch - 420 * day,
    metadata: { email: 'community-leads@example.com' },
    settings: { listUsers: 'all', sendMessagesTo: 'all' },
  });
  insertRole(db, {
    role: 'moderator',
    name: 'Moderator',
    description: 'Community moderators',
    createdAt: epoch - 410 * day,
  });
  // Values that differ from the catalog defaults, so the editor has something to show.
  setPermission(db, 'default', 'listUsers.mode', 'friends');
  setPermission(db, 'default', 'initiateCall', 'deny');
  setPermission(db, 'default', 'sendMessage.allowedMessageTypes', [
    'text',
    'image',
    'audio',
    'video',
    'file',
  ]);
  setPermission(db, 'manager', 'createGroup.allowedGroupTypes', ['public', 'private']);
  setPermission(db, 'manager', 'listUsers.allowedRoles', ['default', 'manager']);
  setPermission(db, 'manager', 'sendMessage.allowedMimeTypes', [
    'image/png',
    'image/jpeg',
    'application/pdf',
  ]);
  setPermission(db, 'moderator', 'editMessage', 'deny');
  setPermission(db, 'moderator', 'editMessage.denyForScopes', ['participant']);
  setPermission(db, 'moderator', 'listGroups.allowedGroupTypes', ['public', 'private', 'password']);
}

export function seedUsers(db: Database.Database, prng: Prng, epoch: number) {
  namedUsers.forEach(([uid, name, role], i) => {
    const createdAt = epoch - (400 - i * 7) * day;
    const deactivated = deactivatedUids.includes(uid);
    insertUser(db, {
      uid,
      name,
      role,
      status: !deactivated && prng.chance(0.35) ? 'available' : 'offline',
      avatar: avatarUrl(uid),
      link: i % 5 === 0 ? `https://profiles.example.com/${uid}` : undefined,
      metadata:
        i % 3 === 0
          ? {
              '@private': { email: `${uid}@example.com` },
              department: role === 'default' ? 'community' : 'staff',
            }
          : undefined,
      tags: i % 4 === 0 ? ['beta-tester'] : undefined,
      statusMessage: i % 6 === 0 ? 'Happy to help' : undefined,
      createdAt,
      lastActiveAt: epoch - prng.int(60, 20 * day),
      deactivatedAt: deactivated ? epoch - prng.int(2, 30) * day : undefined,
    });
  });
  for (let n = 1; n <= communityCount; n += 1) {
    const name = `${firstNames[(n * 7) % firstNames.length] ?? 'Ada'} ${lastNames[(n * 11) % lastNames.length] ?? 'Abbott'}`;
    const uid = communityUid(n);
    insertUser(db, {
      uid,
      name,
      role: 'default',
      status: 'offline',
      avatar: avatarUrl(uid),
      createdAt: epoch - (300 - (n % 200)) * day,
      lastActiveAt: epoch - prng.int(1, 45) * day,
    });
  }
}

export function seedReasons(db: Database.Database, epoch: number) {
  insertReason(db, {
    id: 'harassment',
    name: 'Harassment / Bullying',
    description: 'Insulting or threatening behavior',
    isDefault: true,
    createdAt: 1758000761,
  });
  insertReason(db, {
    id: 'sexual',
    name: 'Sexual Content',
    description: 'Explicit or inappropriate content',
    isDefault: true,
    createdAt: 1758000762,
  });
  insertReason(db, {
    id: 'spam',
    name: 'Spam / Unwanted Content',
    description: 'Repeated, promotional, or irrelevant content',
    isDefault: true,
    createdAt: 1760443648,
  });
  insertReason(db, {
    id: 'unfiltered-content',
    name: 'RawContent',
    description: 'Content delivered without moderation or filtering.',
    isDefault: false,
    createdAt: epoch - 30 * day,
  });
  insertReason(db, {
    id: 'scam',
    name: 'Scam or Fraud',
    description: 'Phishing links, fake giveaways, payment requests',
    isDefault: false,
    createdAt: epoch - 20 * day,
  });
  insertReason(db, {
    id: 'off-topic',
    name: 'Off-topic',
    description: 'Unrelated to the conversation or the group',
    isDefault: false,
    createdAt: epoch - 5 * day,
  });
}
