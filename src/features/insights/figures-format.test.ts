import { describe, expect, it } from 'vitest';
import type { Insights } from '@/api/schemas/insights';
import { parseListState } from '@/utils/list-state';
import { formatRate, insightsToCsv, ruleLabel } from './figures-format';
import { insightsParams } from './range';

const hour = 3_600_000;
const to = Date.parse('2031-06-10T12:00:00Z');
const figures: Insights = {
  range: '24h',
  from: to - 24 * hour,
  to,
  bucketMs: hour,
  totals: { approved: 3, rejected: 1, deleted: 0, decided: 4 },
  decisions: [
    { at: to - hour, approved: 3, rejected: 1, deleted: 0, medianSeconds: 90 },
    { at: to, approved: 0, rejected: 0, deleted: 0, medianSeconds: null },
  ],
  moderators: [{ operator: 'sam', approved: 3, rejected: 1, deleted: 0 }],
  rules: [
    {
      ruleId: 'profanity',
      ruleName: '=Profanity, strict',
      approved: 3,
      rejected: 0,
      deleted: 0,
      decided: 3,
      approvalRate: 1,
      waiting: 2,
    },
    {
      ruleId: null,
      ruleName: null,
      approved: 0,
      rejected: 1,
      deleted: 0,
      decided: 1,
      approvalRate: 0,
      waiting: 0,
    },
  ],
  timeToDecision: { medianSeconds: 90, measured: 3, unknown: 1 },
  flagTimeToDecision: { medianSeconds: 3600, measured: 2 },
  queue: {
    now: { size: 2, oldestSentAt: to / 1000 - 600, complete: true },
    problem: null,
    samples: [{ at: to - hour, size: 5, oldestAgeSeconds: 1200 }],
  },
};

describe('insights figures as text', () => {
  it('exports every figure as CSV rows named by their figure, cells neutralised', () => {
    const lines = insightsToCsv(figures).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'figure,period_start,operator,rule_id,rule_name,approved,rejected,deleted,decided,approval_rate,waiting,queue_size,oldest_age_seconds,median_seconds_to_decision',
    );
    expect(lines.slice(1)).toEqual([
      'summary,2031-06-09T12:00:00.000Z,,,,3,1,0,4,,2,,,90',
      'decisions,2031-06-10T11:00:00.000Z,,,,3,1,0,4,,,,,90',
      'decisions,2031-06-10T12:00:00.000Z,,,,0,0,0,0,,,,,',
      'moderator,,sam,,,3,1,0,4,,,,,',
      `rule,,,profanity,"'=Profanity, strict",3,0,0,3,1,2,,,`,
      'rule,,,,Rule unknown,0,1,0,1,0,0,,,',
      'queue,2031-06-10T11:00:00.000Z,,,,,,,,,,5,1200,',
    ]);
  });

  it('reads the range from the URL, 7 days when absent or unknown; rates and rule names in words', () => {
    expect(parseListState(insightsParams, new URLSearchParams('range=30d')).range).toBe('30d');
    expect(parseListState(insightsParams, new URLSearchParams('range=1y')).range).toBe('7d');
    expect(parseListState(insightsParams, new URLSearchParams()).range).toBe('7d');
    expect(formatRate(0.254)).toBe('25 %');
    expect(formatRate(null)).toBe('—');
    expect(ruleLabel({ ruleId: 'x', ruleName: null })).toBe('x');
    expect(ruleLabel({ ruleId: null, ruleName: null })).toBe('Rule unknown');
  });
});
