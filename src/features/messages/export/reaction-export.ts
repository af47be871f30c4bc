import { listReactions, reactionPageLimit } from '@/api/reactions';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { isoCell, type CsvRow, type ExportSource } from './paged-export';

const header = [
  'id',
  'messageId',
  'reaction',
  'uid',
  'name',
  'reactedAt',
  'reactedAtUnix',
  'lastActiveAt',
] as const;

export function reactionRow(record: ReactionRecord): CsvRow {
  return [
    record.id,
    record.messageId,
    record.reaction,
    record.uid,
    record.reactedBy.name,
    isoCell(record.reactedAt),
    String(record.reactedAt),
    isoCell(record.reactedBy.lastActiveAt),
  ];
}

/** A file name that is safe everywhere: emoji and symbols become their code points (`1f44d-1f3fd`). */
export function exportFileName(messageId: string, reaction: string | undefined): string {
  if (reaction === undefined) return `message-${messageId}-reactions.csv`;
  const parts: string[] = [];
  let word = '';
  for (const char of reaction) {
    if (/[\w-]/.test(char)) {
      word += char;
      continue;
    }
    if (word) parts.push(word);
    word = '';
    parts.push((char.codePointAt(0) ?? 0).toString(16));
  }
  if (word) parts.push(word);
  return `message-${messageId}-reactions-${parts.join('-').slice(0, 80)}.csv`;
}

/**
 * Every reaction record of a message (or of one reaction), one page of 100 at a time, following the
 * service's cursor (`meta.next.id`).
 */
export function reactionExport(messageId: string, reaction: string | undefined): ExportSource {
  return {
    what: reaction === undefined ? 'all reactions' : `the ${reaction} reactions`,
    noun: ['reaction', 'reactions'],
    header,
    fileName: exportFileName(messageId, reaction),
    readPage: async (after, signal) => {
      const page = await listReactions(messageId, { reaction, after }, signal);
      const full = page.data.length + page.unsupported.length >= reactionPageLimit;
      return {
        rows: page.data.map(reactionRow),
        next: page.meta.next && full ? page.meta.next.id : undefined,
      };
    },
  };
}
