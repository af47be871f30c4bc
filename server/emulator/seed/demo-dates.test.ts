import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed';
import { startEmulator } from '../start';
import { openStore, type EmulatorStore } from '../store';
import { day } from './insert';

/**
 * Every date of what happens in the demo app (messages, reactions, blocked items and their
 * decisions, activity, bans, deactivations, preferences, reasons the team added). Accounts, groups,
 * roles and memberships were created before that, and the service's default reasons carry its own
 * dates.
 */
const activity = [
  'SELECT sent_at FROM messages',
  'SELECT updated_at FROM messages',
  'SELECT edited_at FROM messages WHERE edited_at IS NOT NULL',
  'SELECT deleted_at FROM messages WHERE deleted_at IS NOT NULL',
  'SELECT reacted_at FROM reactions',
  'SELECT created_at FROM blocked_messages',
  'SELECT updated_at FROM blocked_messages',
  'SELECT last_active_at FROM users WHERE last_active_at IS NOT NULL',
  'SELECT deactivated_at FROM users WHERE deactivated_at IS NOT NULL',
  'SELECT banned_at FROM group_bans',
  'SELECT updated_at FROM notification_preferences',
  'SELECT created_at FROM moderation_reasons WHERE is_default = 0',
];

const datesOf = (store: EmulatorStore) =>
  activity.flatMap((query) => store.db.prepare(query).pluck().all() as number[]);

const seededAt = (at: number) => {
  const store = openStore({ file: ':memory:' });
  seedDemo(store, at);
  return store;
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('demo data dates', () => {
  it('dates everything that happens within the 60 days before the seed time', () => {
    const at = Date.parse('2031-03-01T09:30:00Z') / 1000;
    const store = seededAt(at);
    const dates = datesOf(store);
    expect(dates.length).toBeGreaterThan(1000);
    const outside = dates.filter((t) => t > at || t < at - 60 * day);
    expect(outside).toEqual([]);
    // The queue's pending items were held in the last days, not months ago.
    const oldestPending = store.db
      .prepare("SELECT min(created_at) FROM blocked_messages WHERE status = 'pending'")
      .pluck()
      .get() as number;
    expect(at - oldestPending).toBeLessThan(7 * day);
    store.close();
  });

  it('is the same data at another seed time, every date shifted by the difference', () => {
    const at = Date.parse('2031-03-01T09:30:00Z') / 1000;
    const a = seededAt(at);
    const b = seededAt(at + 3 * day + 17);
    const shifted = datesOf(a).map((t) => t + 3 * day + 17);
    expect(datesOf(b)).toEqual(shifted);
    const ids = (store: EmulatorStore) =>
      store.db.prepare('SELECT id, muid, sender FROM messages ORDER BY id').all();
    expect(ids(b)).toEqual(ids(a));
    a.close();
    b.close();
  });

  it('is dated at the first start, kept across restarts, and dated again by a reset (--reseed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-dates-'));
    dirs.push(dir);
    const apiKey = 'dates-test-key';
    const newest = (store: EmulatorStore) =>
      store.db.prepare('SELECT max(sent_at) FROM messages').pluck().get() as number;
    const t1 = Date.parse('2031-03-01T09:30:00Z');
    const first = await startEmulator({ port: 0, dataDir: dir, apiKey, now: () => t1 });
    expect(first.seeded).toBe(true);
    const firstNewest = newest(first.store);
    expect(firstNewest).toBeLessThanOrEqual(t1 / 1000);
    expect(firstNewest).toBeGreaterThan(t1 / 1000 - 3 * day);
    await first.close();

    const t2 = t1 + 10 * day * 1000;
    const again = await startEmulator({ port: 0, dataDir: dir, apiKey, now: () => t2 });
    expect(again.seeded).toBe(false);
    expect(newest(again.store)).toBe(firstNewest);
    await again.close();

    const reseeded = await startEmulator({
      port: 0,
      dataDir: dir,
      apiKey,
      reset: true,
      now: () => t2,
    });
    expect(reseeded.seeded).toBe(true);
    expect(newest(reseeded.store)).toBe(firstNewest + 10 * day);
    await reseeded.close();
  });
});
