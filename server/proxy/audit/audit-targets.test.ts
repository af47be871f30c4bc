import { describe, expect, it } from 'vitest';
import { fillAuditTargets } from '../store/scale-migrations';
import type { ConsoleStore } from '../store/store';
import { queryPlan, recordAnalysedTrail } from '../test-support/query-plan';
import { testStores } from '../test-support/test-store';
import { recordAudit, type AuditRecord } from './audit-log';
import { matchingRows, queryAudit } from './audit-query';

const open = testStores();

const entry = (at: number, targets: AuditRecord['targets']): AuditRecord => ({
  at,
  requestId: `req-${at}`,
  operator: 'root',
  role: 'admin',
  action: 'users.deactivate',
  operation: 'DELETE /users',
  targets,
  onBehalfOf: null,
  reason: null,
  status: 200,
  upstreamStatus: 200,
  outcome: 'ok',
  detail: null,
  durationMs: 3,
});

const targetsOf = async (store: ConsoleStore, target: string) =>
  (await queryAudit(store, { target, page: 1, perPage: 25 })).data.map((row) => row.targets);

describe('audit rows by target', () => {
  it('finds a value, a member of a list, never a flag, newest first', async () => {
    const store = await open();
    await recordAudit(store, entry(1, { uid: 'ann' }));
    await recordAudit(store, entry(2, { uids: ['bob', 'ann'], permanent: true }));
    await recordAudit(store, entry(3, { uid: 'cy' }));
    expect(await targetsOf(store, 'ann')).toEqual([
      { uids: ['bob', 'ann'], permanent: true },
      { uid: 'ann' },
    ]);
    expect(await targetsOf(store, 'true')).toEqual([]);
  });

  it("finds rows an older console wrote once the migration's fill has run", async () => {
    const store = await open();
    await store.db
      .insertInto('audit')
      .values(
        [{ uids: ['bob', 'ann'], permanent: true }, { uid: 'ann' }, { reaction: 'thumbs up' }].map(
          (targets, i) => ({
            at: i,
            request_id: `old-${i}`,
            action: 'users.deactivate',
            operation: 'DELETE /users',
            targets: JSON.stringify(targets),
            outcome: 'ok',
          }),
        ),
      )
      .execute();
    expect(await targetsOf(store, 'ann')).toEqual([]);
    await fillAuditTargets(store.db, store.engine);
    expect(await targetsOf(store, 'ann')).toEqual([
      { uid: 'ann' },
      { uids: ['bob', 'ann'], permanent: true },
    ]);
    expect(await targetsOf(store, 'thumbs up')).toEqual([{ reaction: 'thumbs up' }]);
    expect(await targetsOf(store, 'true')).toEqual([]);
  });

  it("reads a target's rows through its index, not the JSON of every row", async () => {
    const store = await open();
    // Many rows, two of this user.
    await recordAnalysedTrail(store, 1000, (n) => entry(n, { uid: `user-${n % 500}` }));
    const query = matchingRows(store.db, { target: 'user-7' }).selectAll().compile();
    const text = await queryPlan(store, query);
    if (store.engine === 'sqlite') {
      expect(text).toMatch(/SEARCH audit_targets USING (COVERING )?INDEX \w+ \(value=\?\)/);
      expect(text).not.toMatch(/SCAN audit\b/);
      return;
    }
    // With sequential scans ruled out, the plan starts from the index by value, in either direction.
    expect(text).toMatch(/Index (Only )?Scan (Backward )?(using|on) audit_targets_pk/);
    expect(text).not.toMatch(/Filter: \(value = /);
  });
});
