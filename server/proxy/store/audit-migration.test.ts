import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyTargets } from './legacy-targets';
import { sqliteHistory } from './sqlite-history';
import { openConsoleStore } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('structured audit targets (migration 3)', () => {
  it('reads the old key=value text as an object', () => {
    expect(JSON.parse(legacyTargets('messageId=42 status=approved'))).toEqual({
      messageId: '42',
      status: 'approved',
    });
    expect(JSON.parse(legacyTargets('uids=a,b,c'))).toEqual({ uids: ['a', 'b', 'c'] });
    expect(JSON.parse(legacyTargets('id=9 permanent=true'))).toEqual({ id: '9', permanent: true });
    expect(JSON.parse(legacyTargets('id=42 reaction=👍'))).toEqual({ id: '42', reaction: '👍' });
    expect(JSON.parse(legacyTargets('id=42 reaction=thumbs up'))).toEqual({
      id: '42',
      reaction: 'thumbs up',
    });
    expect(JSON.parse(legacyTargets(null))).toEqual({});
  });

  it('converts the rows of a store written before it, outcomes included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'console.sqlite');
    const old = new Database(file);
    for (const sql of sqliteHistory.slice(0, 2)) old.exec(sql);
    old.pragma('user_version = 2');
    const insert = old.prepare(
      `INSERT INTO audit (at, request_id, action, operation, target, status, upstream_status, outcome, detail, duration_ms)
       VALUES (?, 'r', ?, 'X', ?, ?, ?, ?, ?, 1)`,
    );
    insert.run(1, 'users.deactivate', 'uids=ann,bob', 200, 200, 'ok', null);
    insert.run(2, 'messages.delete', 'id=77', 404, 404, 'failed', null);
    insert.run(
      3,
      'blocked.review',
      'messageId=5 status=approved',
      504,
      null,
      'failed',
      'upstream timeout',
    );
    insert.run(4, 'request.denied', null, 401, null, 'denied', 'no session');
    old.close();

    const store = await openConsoleStore({ file });
    expect(
      await store.db
        .selectFrom('audit')
        .select(['targets', 'outcome', 'repeat_count'])
        .orderBy('at')
        .execute(),
    ).toEqual([
      { targets: '{"uids":["ann","bob"]}', outcome: 'ok', repeat_count: 1 },
      { targets: '{"id":"77"}', outcome: 'refused', repeat_count: 1 },
      { targets: '{"messageId":"5","status":"approved"}', outcome: 'unknown', repeat_count: 1 },
      { targets: '{}', outcome: 'denied', repeat_count: 1 },
    ]);
    await store.close();
  });
});
