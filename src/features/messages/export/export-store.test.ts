import { describe, expect, it } from 'vitest';
import { decodeExport, encodeExport, exportKeepLimit, type StoredExport } from './export-store';
import type { CsvRow } from './paged-export';

const record = (n: number, name = 'Amelia Hart'): CsvRow => [
  String(n),
  '42',
  '👍🏽',
  `user-${n}`,
  name,
];

const exported = (
  records: CsvRow[],
  subject: StoredExport['subject'] = { kind: 'reactions', messageId: '42', reaction: '👍🏽' },
): StoredExport => ({
  subject,
  loaded: records.length,
  position: { rows: records, after: String(records.length) },
  startedAt: 1_790_000_000_000,
});

/** What sessionStorage gives back: the JSON text, parsed again. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('stored exports', () => {
  it('reads back the rows and the cursor to go on from', () => {
    const value = exported([record(1), record(2)]);
    expect(decodeExport(stored(encodeExport(value)))).toEqual(value);
  });

  it('reads back a message search export and an export of every reaction', () => {
    const search = exported([record(1)], { kind: 'messages', search: 'q=lunch&sender=ann' });
    expect(decodeExport(stored(encodeExport(search)))).toEqual(search);
    const all = exported([record(1)], { kind: 'reactions', messageId: '42', reaction: undefined });
    expect(decodeExport(stored(encodeExport(all)))).toEqual(all);
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
    ['an older version', { ...encodeExport(exported([record(1)])), version: 1 }],
    [
      'a count that does not match the records',
      { ...encodeExport(exported([record(1)])), loaded: 2 },
    ],
    ['records without a cursor', { ...encodeExport(exported([record(1)])), after: null }],
    [
      'a record of another shape',
      { ...encodeExport(exported([record(1)])), rows: [{ id: 1, uid: 'a' }] },
    ],
    ['rows of different widths', encodeExport(exported([record(1), ['2', '42']]))],
    [
      'no message',
      {
        ...encodeExport(exported([record(1)])),
        subject: { kind: 'reactions', messageId: '', reaction: null },
      },
    ],
    [
      'another kind of export',
      { ...encodeExport(exported([record(1)])), subject: { kind: 'users', search: '' } },
    ],
  ])('ignores %s', (_what, value) => {
    expect(decodeExport(stored(value))).toBeUndefined();
  });
});
