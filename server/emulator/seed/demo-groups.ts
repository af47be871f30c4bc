import type Database from 'better-sqlite3';
import { communityUid, supportHubBans } from './demo-directory';
import { addMember, banUser, day, insertGroup } from './insert';
import { deactivatedUids, namedUsers } from './people';
import type { Prng } from './prng';

const activeNamed = () =>
  namedUsers.map(([uid]) => uid).filter((uid) => !deactivatedUids.includes(uid));

/** The demo's groups; `createdDaysAgo` counts back from the seed's epoch. */
const demoGroups = [
  {
    guid: 'support-hub',
    name: 'Support Hub',
    type: 'public',
    description: 'Ask the team anything about the product.',
    owner: 'olivia-bennett',
    createdDaysAgo: 380,
    tags: ['support'],
  },
  {
    guid: 'general',
    name: 'General',
    type: 'public',
    description: 'Company-wide chatter.',
    owner: 'marcus-chen',
    createdDaysAgo: 390,
  },
  {
    guid: 'announcements',
    name: 'Announcements',
    type: 'public',
    description: 'Release notes and news.',
    owner: 'olivia-bennett',
    createdDaysAgo: 385,
  },
  {
    guid: 'hiking-club',
    name: 'Hiking Club',
    type: 'public',
    description: 'Weekend trails and photos.',
    owner: 'hannah-kowalski',
    createdDaysAgo: 200,
  },
  {
    guid: 'product-launch',
    name: 'Product Launch',
    type: 'private',
    description: 'Launch planning, invite only.',
    owner: 'priya-raman',
    createdDaysAgo: 90,
  },
  {
    guid: 'design-review',
    name: 'Design Review',
    type: 'private',
    description: 'Weekly design critique.',
    owner: 'yuki-tanaka',
    createdDaysAgo: 150,
  },
  {
    guid: 'night-owls',
    name: 'Night Owls',
    type: 'password',
    description: 'Late-night crew.',
    owner: 'diego-alvarez',
    createdDaysAgo: 120,
  },
  {
    guid: 'vip-lounge',
    name: 'VIP Lounge',
    type: 'password',
    description: 'Partners and early customers.',
    owner: 'samuel-okafor',
    createdDaysAgo: 60,
  },
] as const;

/** Named users who moderate every group they join. */
const namedModerators = [
  'nadia-haddad',
  'liam-oconnor',
  'fatima-zahra',
  'tom-becker',
  'ines-duarte',
];

/** Who joins each group, from how many days ago (one an hour after the other). */
const memberships = (named: readonly string[]): [string, readonly string[], number][] => [
  ['support-hub', named, 370],
  ['general', named.slice(0, 30), 380],
  ['announcements', named, 380],
  [
    'hiking-club',
    [
      'amelia-hart',
      'noah-fischer',
      'sofia-rossi',
      'lucas-silva',
      'jack-murphy',
      'lena-schmidt',
      'kofi-mensah',
      'isla-campbell',
      'nadia-haddad',
    ],
    190,
  ],
  [
    'product-launch',
    [
      'marcus-chen',
      'olivia-bennett',
      'kofi-mensah',
      'ava-nguyen',
      'leo-dubois',
      'tom-becker',
      'nora-kim',
    ],
    85,
  ],
  ['design-review', ['olivia-bennett', 'chloe-martin', 'hugo-lefevre', 'clara-novak'], 140],
  [
    'night-owls',
    ['ethan-brooks', 'mia-johansson', 'oliver-grant', 'arjun-mehta', 'liam-oconnor'],
    110,
  ],
  ['vip-lounge', ['priya-raman', 'maya-cohen', 'felix-wagner'], 50],
];

export function seedGroups(db: Database.Database, prng: Prng, epoch: number) {
  const at = (days: number) => epoch - days * day;
  for (const { createdDaysAgo, ...g } of demoGroups)
    insertGroup(db, {
      ...g,
      createdAt: at(createdDaysAgo),
      tags: 'tags' in g ? [...g.tags] : undefined,
    });
  seedMembers(db, at);
  seedBans(db, prng, at);
}

function seedMembers(db: Database.Database, at: (days: number) => number) {
  for (const [guid, uids, from] of memberships(activeNamed()))
    uids.forEach((uid, i) =>
      addMember(
        db,
        guid,
        uid,
        namedModerators.includes(uid) ? 'moderator' : 'participant',
        at(from) + i * 3600,
      ),
    );
  for (let n = 251; n <= 260; n += 1)
    addMember(db, 'support-hub', communityUid(n), 'participant', at(100) + n);
}

/** 250 bans in support-hub, spread over the last weeks; a handful in general and hiking-club. */
function seedBans(db: Database.Database, prng: Prng, at: (days: number) => number) {
  for (let n = 1; n <= supportHubBans; n += 1)
    banUser(db, 'support-hub', communityUid(n), at(55) + n * prng.int(3000, 9000));
  for (let n = 251; n <= 255; n += 1) banUser(db, 'general', communityUid(n), at(40) + n * 600);
  banUser(db, 'hiking-club', communityUid(256), at(20));
  banUser(db, 'hiking-club', communityUid(257), at(12));
}
