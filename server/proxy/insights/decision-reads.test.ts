import { describe, expect, it } from 'vitest';
import { queryPlan } from '../test-support/query-plan';
import { testStores } from '../test-support/test-store';
import { dayMs, rangeParts } from './decision-class';
import { rawDecisions } from './decision-figures';

const open = testStores();

describe('the decisions an insights range reads one by one', () => {
  it("find a range's late repeats in an index that holds what they are filtered on", async () => {
    const store = await open();
    const to = Date.parse('2031-03-01T12:34:56Z');
    const query = rawDecisions(store, rangeParts(to - 30 * dayMs, to, dayMs)).compile();
    const text = await queryPlan(store, query, ['seqscan', 'bitmapscan']);
    if (store.engine === 'sqlite') {
      expect(text).not.toMatch(/SCAN insight_decisions\b/);
      // Every arm, the late repeats' over the whole range included, by class, time and original.
      expect(
        text.match(
          /USING INDEX insight_decisions_class_at_repeat \(class=\? AND at>\? AND at<\?\)/g,
        ),
      ).toHaveLength(3);
      return;
    }
    expect(text).toMatch(/Index (Only )?Scan using insight_decisions_class_at_repeat/);
    // The original's time is compared in the index, before any row is read.
    expect(text).toMatch(
      /Index Cond: \(\(class = 'late'::text\) AND \(at >= \S+\) AND \(at < \S+\) AND \(repeat_of < \S+\)\)"\}/,
    );
  });
});
