import { describe, expect, it } from 'vitest';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { toCsv } from './paged-export';
import { exportFileName, reactionExport, reactionRow } from './reaction-export';

const record = (over: Partial<ReactionRecord> & { name?: string } = {}): ReactionRecord => ({
  id: over.id ?? '1',
  messageId: over.messageId ?? '42',
  reaction: over.reaction ?? '👍🏽',
  uid: over.uid ?? 'amelia-hart',
  reactedAt: over.reactedAt ?? 1_700_000_000,
  reactedBy: over.reactedBy ?? {
    uid: over.uid ?? 'amelia-hart',
    name: over.name ?? 'Amelia Hart',
    lastActiveAt: 1_700_000_600,
  },
});

describe('reactions CSV', () => {
  it('writes a header and one CRLF line per record, emoji kept as they are', () => {
    const records = [
      record(),
      record({ id: '2', reaction: '👨‍👩‍👧', uid: 'noah-fischer', name: 'Noah Fischer' }),
    ];
    const csv = toCsv(reactionExport('42', undefined).header, records.map(reactionRow));
    expect(csv.split('\r\n')).toEqual([
      'id,messageId,reaction,uid,name,reactedAt,reactedAtUnix,lastActiveAt',
      '1,42,👍🏽,amelia-hart,Amelia Hart,2023-11-14T22:13:20.000Z,1700000000,2023-11-14T22:23:20.000Z',
      '2,42,👨‍👩‍👧,noah-fischer,Noah Fischer,2023-11-14T22:13:20.000Z,1700000000,2023-11-14T22:23:20.000Z',
      '',
    ]);
  });

  it('names files safely, emoji as code points', () => {
    expect(exportFileName('42', undefined)).toBe('message-42-reactions.csv');
    expect(exportFileName('42', '👍🏽')).toBe('message-42-reactions-1f44d-1f3fd.csv');
    expect(exportFileName('42', ':party:')).toBe('message-42-reactions-3a-party-3a.csv');
    expect(exportFileName('42', 'thumbs_up')).toBe('message-42-reactions-thumbs_up.csv');
  });
});
