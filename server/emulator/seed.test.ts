import { describe, expect, it } from 'vitest';
import { resetStore, seedDemo, isStoreEmpty } from './seed';
import { seedEpoch } from './seed/insert';
import { openStore, type EmulatorStore } from './store';

const count = (store: EmulatorStore, sql: string) => store.db.prepare(sql).pluck().get();

function dump(store: EmulatorStore): string {
  const tables = store.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('schema_migrations', 'sqlite_sequence') ORDER BY name",
    )
    .pluck()
    .all();
  return tables
    .map((t) =>
      JSON.stringify(store.db.prepare(`SELECT * FROM "${String(t)}" ORDER BY 1, 2`).all()),
    )
    .join('\n');
}

describe('demo seed', () => {
  it('has the shape the console pages rely on', () => {
    const store = openStore({ file: ':memory:' });
    seedDemo(store, seedEpoch, { history: false });
    expect(count(store, "SELECT count(*) FROM users WHERE uid NOT LIKE 'community-%'")).toBe(40);
    expect(count(store, 'SELECT count(DISTINCT role) FROM users')).toBe(3);
    expect(count(store, 'SELECT count(*) FROM users WHERE deactivated_at IS NOT NULL')).toBe(3);
    expect(count(store, "SELECT count(*) FROM group_bans WHERE guid = 'support-hub'")).toBe(250);
    expect(count(store, 'SELECT count(DISTINCT type) FROM groups')).toBe(3);
    expect(
      count(
        store,
        "SELECT count(*) FROM messages WHERE moderation IS NULL OR moderation = 'approved'",
      ),
    ).toBeGreaterThanOrEqual(150);
    expect(
      count(store, 'SELECT count(*) FROM messages WHERE deleted_at IS NOT NULL'),
    ).toBeGreaterThan(0);
    expect(
      count(store, "SELECT count(*) FROM blocked_messages WHERE status = 'pending'"),
    ).toBeGreaterThanOrEqual(12);
    expect(count(store, 'SELECT count(DISTINCT rule_id) FROM blocked_messages')).toBe(5);
    expect(
      count(
        store,
        "SELECT count(*) FROM blocked_messages WHERE json_type(condition, '$.message') = 'text'",
      ),
    ).toBe(12);
    expect(
      count(
        store,
        "SELECT count(DISTINCT json_extract(data, '$.action')) FROM messages WHERE category = 'action' AND type = 'groupMember'",
      ),
    ).toBe(6);
    expect(
      count(
        store,
        "SELECT count(*) FROM messages WHERE category = 'interactive' AND type = 'form'",
      ),
    ).toBe(1);
    expect(
      count(
        store,
        "SELECT max(id) FROM messages WHERE category = 'message' OR category = 'custom'",
      ),
    ).toBe(195);
    expect(
      count(
        store,
        'SELECT count(*) FROM roles WHERE settings IS NOT NULL AND metadata IS NOT NULL',
      ),
    ).toBe(1);
    expect(
      count(
        store,
        'SELECT count(DISTINCT m.conversation_id) FROM blocked_messages b JOIN messages m ON m.id = b.message_id',
      ),
    ).toBeGreaterThan(3);
    const big = store.db
      .prepare(
        'SELECT message_id, sum(count) AS total, count(*) AS kinds FROM reaction_counts GROUP BY message_id ORDER BY total DESC LIMIT 1',
      )
      .get();
    expect(big).toMatchObject({ kinds: 7 });
    expect(
      count(
        store,
        `SELECT sum(count) FROM reaction_counts WHERE message_id = (SELECT message_id FROM reaction_counts GROUP BY message_id ORDER BY sum(count) DESC LIMIT 1)`,
      ),
    ).toBeGreaterThanOrEqual(300);
    expect(store.db.prepare('SELECT reaction FROM reaction_counts').pluck().all()).toEqual(
      expect.arrayContaining(['👍🏽', '👨‍👩‍👧', '🇫🇷', ':party:']),
    );
    expect(count(store, 'SELECT count(*) FROM moderation_reasons WHERE is_default = 1')).toBe(3);
    expect(count(store, 'SELECT count(*) FROM moderation_reasons WHERE is_default = 0')).toBe(3);
    expect(count(store, 'SELECT count(*) FROM reactions')).toBe(
      count(store, 'SELECT sum(count) FROM reaction_counts'),
    );
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    store.close();
  });

  it('appends 30 decided blocked messages of the last 30 days, leaving every earlier id in place', () => {
    const store = openStore({ file: ':memory:' });
    seedDemo(store, seedEpoch);
    const timeline = openStore({ file: ':memory:' });
    seedDemo(timeline, seedEpoch, { history: false });
    const last = count(timeline, 'SELECT max(id) FROM messages');
    expect(count(store, `SELECT count(*) FROM messages WHERE id <= ${String(last)}`)).toBe(last);
    expect(count(store, "SELECT min(id) FROM messages WHERE muid LIKE 'history-%'")).toBe(
      Number(last) + 1,
    );
    expect(
      count(
        store,
        "SELECT count(*) FROM blocked_messages b JOIN messages m ON m.id = b.message_id WHERE m.muid LIKE 'history-%' AND b.status <> 'pending'",
      ),
    ).toBe(30);
    // The reviewed list stays under the service's page of 50, with room for a test's decisions.
    expect(count(store, "SELECT count(*) FROM blocked_messages WHERE status <> 'pending'")).toBe(
      32,
    );
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    store.close();
    timeline.close();
  });

  it('is deterministic: two seeds give identical rows', () => {
    const a = openStore({ file: ':memory:' });
    const b = openStore({ file: ':memory:' });
    seedDemo(a, seedEpoch);
    seedDemo(b, seedEpoch);
    expect(dump(a)).toBe(dump(b));
    a.close();
    b.close();
  });

  it('resets to empty, and seeds the same ids again after a reset', () => {
    const store = openStore({ file: ':memory:' });
    seedDemo(store, seedEpoch);
    const before = dump(store);
    resetStore(store);
    expect(isStoreEmpty(store)).toBe(true);
    expect(count(store, 'SELECT count(*) FROM messages')).toBe(0);
    seedDemo(store, seedEpoch);
    expect(dump(store)).toBe(before);
    store.close();
  });
});
