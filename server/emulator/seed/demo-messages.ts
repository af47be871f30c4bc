import type Database from 'better-sqlite3';
import { sql } from '../statements';
import { blockedSeeds, imageData, rules } from './demo-blocked';
import { communityCount, communityUid } from './demo-directory';
import { addReaction, day, insertBlocked, insertMessage, type SeedMessage } from './insert';
import { chatLines, deactivatedUids, namedUsers } from './people';
import type { Prng } from './prng';

type Conversation =
  | { receiverType: 'user'; a: string; b: string }
  | { receiverType: 'group'; guid: string; members: string[] };

const pairs: readonly (readonly [string, string])[] = [
  ['amelia-hart', 'noah-fischer'],
  ['chloe-martin', 'ethan-brooks'],
  ['marcus-chen', 'olivia-bennett'],
  ['lucas-silva', 'sofia-rossi'],
  ['nadia-haddad', 'ravi-patel'],
  ['mia-johansson', 'oliver-grant'],
  ['ava-nguyen', 'leo-dubois'],
  ['kofi-mensah', 'priya-raman'],
];
const chattyGroups = ['support-hub', 'general', 'hiking-club', 'product-launch', 'night-owls'];

/** Regular messages in the demo timeline; blocked ones are interleaved near its end. */
export const demoMessageCount = 180;
/** The support-hub announcement that carries several hundred reactions. */
export const bigReactionSlot = 150;
export const bigReactions = ['👍🏽', '❤️', '😂', '🎉', '👨‍👩‍👧', '🇫🇷', ':party:'];
const smallReactions = ['👍', '❤️', '😂', '🎉', '😮', '🙏'];
const deletedSlots = new Set([20, 55, 97, 133]);
const editedSlots = new Set([10, 70, 110]);
const customSlots = new Set([40, 160]);
const imageSlots = new Set([30, 88, 140]);

function conversations(db: Database.Database): Conversation[] {
  const active = new Set(
    namedUsers.map(([uid]) => uid).filter((uid) => !deactivatedUids.includes(uid)),
  );
  const members = (guid: string) =>
    sql<{ uid: string }>(db, 'SELECT uid FROM group_members WHERE guid = ? ORDER BY uid')
      .all(guid)
      .map((r) => r.uid)
      .filter((uid) => active.has(uid));
  return [
    ...pairs.map(([a, b]) => ({ receiverType: 'user' as const, a, b })),
    ...chattyGroups.map((guid) => ({
      receiverType: 'group' as const,
      guid,
      members: members(guid),
    })),
  ];
}

function address(
  conv: Conversation,
  prng: Prng,
): Pick<SeedMessage, 'sender' | 'receiverType' | 'receiver'> {
  if (conv.receiverType === 'user') {
    const [sender, receiver] = prng.chance(0.5) ? [conv.a, conv.b] : [conv.b, conv.a];
    return { sender, receiverType: 'user', receiver };
  }
  return { sender: prng.pick(conv.members), receiverType: 'group', receiver: conv.guid };
}

export function seedMessages(db: Database.Database, prng: Prng, epoch: number) {
  const convs = conversations(db);
  const blockedEvery = Math.floor(60 / blockedSeeds.length);
  let t = epoch - 12 * day;
  let blockedIndex = 0;
  for (let slot = 0; slot < demoMessageCount; slot += 1) {
    t += prng.int(1800, 7200);
    const conv =
      slot === bigReactionSlot
        ? convs.find((c) => c.receiverType === 'group' && c.guid === 'support-hub')
        : prng.pick(convs);
    if (!conv) throw new Error('support-hub conversation missing');
    const to =
      slot === bigReactionSlot
        ? { sender: 'olivia-bennett', receiverType: 'group' as const, receiver: 'support-hub' }
        : address(conv, prng);
    const message: SeedMessage = {
      ...to,
      data: { text: prng.pick(chatLines) },
      sentAt: t,
      muid: `demo-${slot}`,
    };
    if (slot === bigReactionSlot)
      message.data = { text: 'Version 5.2 is live 🎉 Thanks to everyone who sent feedback!' };
    if (imageSlots.has(slot)) Object.assign(message, { type: 'image', data: imageData(slot) });
    if (customSlots.has(slot))
      Object.assign(message, {
        category: 'custom',
        type: 'location',
        data: { customData: { latitude: 46.5197, longitude: 6.6323, label: 'Trailhead parking' } },
      });
    if (editedSlots.has(slot)) Object.assign(message, { editedAt: t + 300 });
    if (deletedSlots.has(slot))
      Object.assign(message, {
        deletedAt: t + 600,
        deletedBy: to.receiverType === 'group' ? 'nadia-haddad' : to.sender,
      });
    const id = insertMessage(db, message);
    if (slot === bigReactionSlot) seedBigReactions(db, id, t);
    else if (!deletedSlots.has(slot) && prng.chance(0.18)) {
      const people = conv.receiverType === 'user' ? [conv.a, conv.b] : conv.members;
      for (let k = prng.int(1, 4); k > 0; k -= 1)
        addReaction(db, id, prng.pick(smallReactions), prng.pick(people), t + prng.int(30, 3600));
    }

    const seed = blockedSeeds[blockedIndex];
    if (slot >= demoMessageCount - 62 && slot % blockedEvery === 0 && seed) {
      blockedIndex += 1;
      t += prng.int(300, 1200);
      const rule = rules[seed.rule];
      const where = address(prng.pick(convs), prng);
      const data = seed.rule === 'image' ? imageData(1000 + slot) : { text: seed.text ?? '' };
      const moderation =
        seed.status === 'approved'
          ? 'approved'
          : seed.status === 'rejected'
            ? 'disapproved'
            : 'pending';
      const blockedId = insertMessage(db, {
        ...where,
        type: seed.rule === 'image' ? 'image' : 'text',
        data,
        sentAt: t,
        muid: `blocked-${blockedIndex}`,
        moderation,
      });
      insertBlocked(db, {
        messageId: blockedId,
        ruleId: rule.ruleId,
        ruleName: rule.ruleName,
        condition: rule.condition,
        status: seed.status,
        createdAt: t + 1,
      });
    }
  }
  if (blockedIndex !== blockedSeeds.length)
    throw new Error(`seeded ${blockedIndex} of ${blockedSeeds.length} blocked messages`);
}

/** Several hundred reactions from named and community users, across seven reactions. */
function seedBigReactions(db: Database.Database, messageId: number, sentAt: number) {
  const uids = [
    ...namedUsers.map(([uid]) => uid),
    ...Array.from({ length: communityCount }, (_, i) => communityUid(i + 1)),
  ];
  let at = sentAt + 20;
  uids.forEach((uid, j) => {
    addReaction(db, messageId, bigReactions[j % bigReactions.length] ?? '👍🏽', uid, (at += 7));
    if (j % 3 === 0)
      addReaction(
        db,
        messageId,
        bigReactions[(j + 2) % bigReactions.length] ?? '🎉',
        uid,
        (at += 5),
      );
  });
}

export function seedNotificationPreferences(db: Database.Database, epoch: number) {
  const set = (uid: string, overrides: unknown) =>
    sql(
      db,
      'INSERT INTO notification_preferences (uid, overrides, updated_at) VALUES (?, ?, ?)',
    ).run(uid, JSON.stringify(overrides), epoch - day);
  set('amelia-hart', { groupPreferences: { groupMessages: 3 }, mutePreferences: { dnd: 2 } });
  const off = { from: 0, to: 2359, dnd: true };
  set('noah-fischer', {
    oneOnOnePreferences: { oneOnOneReactions: 1 },
    mutePreferences: { schedule: { saturday: off, sunday: off } },
  });
  set('olivia-bennett', {
    usePrivacyTemplate: false,
    groupPreferences: { groupMemberJoined: 2, groupMemberLeft: 2 },
  });
  set('marcus-chen', {
    mutePreferences: { schedule: { monday: { from: 800, to: 1800, dnd: false } } },
  });
}
