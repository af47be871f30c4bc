import { describe, expect, it } from 'vitest';
import { emptyOutcome } from './bulk-batches';
import { decodeBulkRun, encodeBulkRun, type BulkRunRecord } from './bulk-run-record';

const record = (): BulkRunRecord => ({
  id: 'run-1',
  action: 'deactivate',
  uids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  outcome: {
    ...emptyOutcome(),
    done: ['a'],
    skipped: ['b'],
    notFound: ['c'],
    failed: [
      { uid: 'd', code: 'NOT_REPORTED', message: 'The service did not report on this uid.' },
    ],
    unknown: ['e'],
    settled: ['f'],
  },
  startedAt: 1_790_000_000_000,
  operator: 'test-admin',
});

/** What sessionStorage gives back: the JSON text of the encoded record, parsed again. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('stored bulk runs', () => {
  it('reads back every uid under the bucket it was in, the rest as not started', () => {
    const back = decodeBulkRun(stored(encodeBulkRun(record())));
    expect(back).toEqual({ ...record(), outcome: { ...record().outcome, notSent: ['g'] } });
  });

  it('keeps a uid of the batch in flight as unknown, never as done or failed', () => {
    const encoded = encodeBulkRun(record());
    expect(encoded.states).toBe('dsnf?a-');
  });

  it.each([
    ['nothing', null],
    ['a string', 'dsnf?a-'],
    ['an older version', { ...encodeBulkRun(record()), version: 0 }],
    ['a newer version', { ...encodeBulkRun(record()), version: 2 }],
    ['an unknown operation', { ...encodeBulkRun(record()), action: 'delete' }],
    ['states of another length', { ...encodeBulkRun(record()), states: 'dsnf?a' }],
    ['an unknown state', { ...encodeBulkRun(record()), states: 'dsnf?ax' }],
    ['a failure without its reason', { ...encodeBulkRun(record()), failures: [] }],
    [
      'a reason for a uid that did not fail',
      { ...encodeBulkRun(record()), failures: [[0, 'ERR', 'no']] },
    ],
    ['a reason past the end', { ...encodeBulkRun(record()), failures: [[99, 'ERR', 'no']] }],
    ['uids that are not strings', { ...encodeBulkRun(record()), uids: [1, 2, 3, 4, 5, 6, 7] }],
    ['no start time', { ...encodeBulkRun(record()), startedAt: undefined }],
  ])('ignores %s', (_what, value) => {
    expect(decodeBulkRun(stored(value))).toBeUndefined();
  });
});
