import { describe, expect, it } from 'vitest';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { decodeExport, encodeExport, exportKeepLimit, type StoredExport } from './export-store';

const record = (n: number, name = 'Amelia Hart'): ReactionRecord => ({
  id: String(n),
  messageId: '42',
  reaction: '👍🏽',
  uid: `user-${n}`,
  reactedAt: 1_700_000_000 + n,
  reactedBy: { uid: `user-${n}`, name, lastActiveAt: 1_700_000_600 },
});

const exported = (records: ReactionRecord[]): StoredExport => ({
  messageId: '42',
  reaction: '👍🏽',
  loaded: records.length,
  position: { records, after: String(records.length) },
  startedAt: 1_790_000_000_000,
});

/** What sessionStorage gives back: the JSON text, parsed again. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('stored reaction exports', () => {
  it('reads back the records and the cursor to go on from', () => {
    const value = exported([record(1), record(2)]);
    expect(decodeExport(stored(encodeExport(value)))).toEqual(value);
  });

  it('keeps only the count past the size limit, so the export must start again', () => {
    const long = 'x'.repeat(1000);
    const many = Array.from({ length: Math.ceil(exportKeepLimit / 1000) + 1 }, (_, i) =>
      record(i, long),
    );
    const back = decodeExport(stored(encodeExport(exported(many))));
    expect(back).toMatchObject({ loaded: many.length, position: null });
  });

  it.each([
    ['nothing', null],
    ['an array', []],
    ['an older version', { ...encodeExport(exported([record(1)])), version: 0 }],
    [
      'a count that does not match the records',
      { ...encodeExport(exported([record(1)])), loaded: 2 },
    ],
    ['records without a cursor', { ...encodeExport(exported([record(1)])), after: null }],
    [
      'a record of another shape',
      { ...encodeExport(exported([record(1)])), records: [{ id: 1, uid: 'a' }] },
    ],
    ['no message', { ...encodeExport(exported([record(1)])), messageId: '' }],
  ])('ignores %s', (_what, value) => {
    expect(decodeExport(stored(value))).toBeUndefined();
  });
});
