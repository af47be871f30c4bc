import { describe, expect, it } from 'vitest';
import { recordAudit, type AuditRecord } from '../audit/audit-log';
import { queryPlan, recordAnalysedTrail } from '../test-support/query-plan';
import { testStores } from '../test-support/test-store';
import { consoleDecision, consoleDecisionQuery } from './decision-record';

const open = testStores();

const review = (
  at: number,
  operator: string,
  action: 'blocked.review' | 'flagged.review',
  targets: AuditRecord['targets'],
  outcome: AuditRecord['outcome'] = 'ok',
): AuditRecord => ({
  at,
  requestId: `req-${at}`,
  operator,
  role: 'moderator',
  action,
  operation: 'PATCH',
  targets,
  onBehalfOf: null,
  reason: null,
  status: 200,
  upstreamStatus: 200,
  outcome,
  detail: null,
  durationMs: 3,
});

describe("the console's own decision on a message", () => {
  it('is the newest decided review of that message, a blocked or a flagged one', async () => {
    const store = await open();
    await recordAudit(
      store,
      review(1, 'ann', 'blocked.review', { messageId: '7', status: 'approved' }),
    );
    const second = await recordAudit(
      store,
      review(2, 'bob', 'blocked.review', { messageId: '7', status: 'rejected' }),
    );
    await recordAudit(
      store,
      review(3, 'cy', 'blocked.review', { messageId: '8', status: 'approved' }),
    );
    // A refusal is no decision; a review whose status is another message's id names no message.
    await recordAudit(
      store,
      review(4, 'dan', 'blocked.review', { messageId: '7', status: 'approved' }, 'denied'),
    );
    await recordAudit(store, review(5, 'eve', 'blocked.review', { messageId: '9', status: '7' }));
    await recordAudit(store, review(6, 'fay', 'flagged.review', { id: '7', status: 'approved' }));

    expect(await consoleDecision(store, '7')).toEqual({
      status: 'rejected',
      by: 'bob',
      at: 2,
      outcome: 'ok',
      id: second,
    });
    expect(await consoleDecision(store, '7', { action: 'flagged.review' })).toMatchObject({
      status: 'approved',
      by: 'fay',
    });
    expect(await consoleDecision(store, '7', { afterId: second })).toBeUndefined();
    expect(await consoleDecision(store, '10')).toBeUndefined();
  });

  it("reads the message's rows through the targets' index, not the JSON of every review", async () => {
    const store = await open();
    // Many reviews, two of this message.
    await recordAnalysedTrail(store, 1000, (n) =>
      review(n, 'ann', 'blocked.review', { messageId: String(n % 500), status: 'approved' }),
    );
    const query = consoleDecisionQuery(store, '7').limit(1).compile();
    const text = await queryPlan(store, query);
    if (store.engine === 'sqlite') {
      expect(text).toMatch(/SEARCH audit_targets USING (COVERING )?INDEX \w+ \(value=\?\)/);
      expect(text).not.toMatch(/SCAN audit\b/);
      return;
    }
    // With sequential scans ruled out, the plan starts from the index by value, in either direction.
    expect(text).toMatch(/Index (Only )?Scan (Backward )?(using|on) audit_targets_pk/);
    expect(text).not.toMatch(/audit_action_at/);
  });
});
