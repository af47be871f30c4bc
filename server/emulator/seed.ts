import { seedReasons, seedRoles, seedUsers } from './seed/demo-directory';
import { seedGroups } from './seed/demo-groups';
import { seedEvents } from './seed/demo-events';
import { seedFlags } from './seed/demo-flags';
import { seedHistory } from './seed/demo-history';
import { seedMessages, seedNotificationPreferences } from './seed/demo-messages';
import { seedLargeData } from './seed/large';
import { createPrng } from './seed/prng';
import type { EmulatorStore } from './store';

/** Tables in an order that deleting them one by one never breaks a foreign key. */
const tables = [
  'notification_preferences',
  'message_flags',
  'flagged_messages',
  'blocked_messages',
  'reactions',
  'reaction_counts',
  'messages',
  'group_bans',
  'group_ban_counts',
  'group_members',
  'groups',
  'users',
  'user_counts',
  'role_permissions',
  'roles',
  'moderation_reasons',
];

/** Deletes every row, and restarts message and reaction ids at 1. */
export function resetStore(store: EmulatorStore): void {
  store.db.transaction(() => {
    for (const table of tables) store.db.exec(`DELETE FROM ${table}`);
    store.db.exec("DELETE FROM sqlite_sequence WHERE name IN ('messages', 'reactions')");
  })();
}

export function isStoreEmpty(store: EmulatorStore): boolean {
  return store.db.prepare('SELECT 1 FROM roles LIMIT 1').get() === undefined;
}

/**
 * The demo data set: 3 roles, 300 users (40 named, 3 of them deactivated), 8 groups (support-hub with
 * 250 bans), about 200 messages with reactions (one with 400 across 7 kinds), 15 blocked messages
 * (13 pending), 9 flagged messages (8 pending, several reporters, two by a rule), 6 group-member action messages and one interactive form, 6 moderation reasons,
 * notification preferences for 4 users, then (unless `history: false`) 30 blocked messages decided
 * over the last 30 days.
 * Dated relative to `at` (Unix seconds, the moment of seeding by default): the recent past of a
 * living app. Deterministic apart from that instant: the same rows, shifted, every time. Expects an
 * empty store.
 */
export function seedDemo(
  store: EmulatorStore,
  at: number = Math.floor(Date.now() / 1000),
  opts: { history?: boolean } = {},
): void {
  const prng = createPrng(20251118);
  store.db.transaction(() => {
    seedRoles(store.db, at);
    seedUsers(store.db, prng, at);
    seedGroups(store.db, prng, at);
    seedReasons(store.db, at);
    seedMessages(store.db, prng, at);
    seedEvents(store.db);
    seedFlags(store.db);
    seedNotificationPreferences(store.db, at);
    if (opts.history !== false) seedHistory(store.db, at);
  })();
}

/**
 * Scale data on top of the demo set (seeded first when the store is empty): 100,000 users, a group with
 * 100,000 bans, 1,000,000 messages and one message with 100,000 reactions. Takes a while.
 */
export function seedLarge(store: EmulatorStore, at?: number): void {
  if (isStoreEmpty(store)) seedDemo(store, at);
  seedLargeData(store.db);
}
