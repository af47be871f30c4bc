import { searchMessagesPage, type MessageSearch } from '@/api/message-search';
import type { Message } from '@/api/schemas/message';
import { previewOf, senderNameOf } from '../message-preview';
import { isoCell, type CsvRow, type ExportSource } from './paged-export';

/** Messages per page of an export: the service allows up to 1000; 100 as the reactions read. */
export const messageExportPageLimit = 100;

const header = [
  'id',
  'sentAt',
  'sentAtUnix',
  'sender',
  'senderName',
  'receiver',
  'receiverType',
  'conversationId',
  'category',
  'type',
  'content',
  'deletedAt',
] as const;

export function messageRow(message: Message): CsvRow {
  return [
    message.id,
    isoCell(message.sentAt),
    String(message.sentAt),
    message.sender,
    senderNameOf(message),
    message.receiver,
    message.receiverType,
    message.conversationId,
    message.category,
    message.type,
    // The text as sent, even of a deleted message the service still returns.
    message.data.text ?? previewOf(message),
    isoCell(message.deletedAt),
  ];
}

/** The service's cursor (`affix` and `id`) kept as one string between pages and across a reload. */
const cursorText = (affix: 'append' | 'prepend', id: string) => `${affix}:${id}`;
const cursorOf = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const [affix, id = ''] = text.split(':', 2);
  return { affix: affix === 'append' ? ('append' as const) : ('prepend' as const), id };
};

/** Every message a search finds, newest first, following the service's cursor as "Load more" does. */
export function messageSearchExport(search: MessageSearch): ExportSource {
  return {
    what: 'the messages found',
    noun: ['message', 'messages'],
    header,
    fileName: 'message-search.csv',
    readPage: async (after, signal) => {
      const page = await searchMessagesPage(
        search,
        messageExportPageLimit,
        cursorOf(after),
        signal,
      );
      const full = page.data.length + page.unsupported.length >= messageExportPageLimit;
      return {
        rows: page.data.map(messageRow),
        next:
          page.meta.next && full ? cursorText(page.meta.next.affix, page.meta.next.id) : undefined,
      };
    },
  };
}
