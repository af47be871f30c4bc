import { listMessages } from './messages';
import type { Cursor } from './schemas/common';
import type { MessageCategory, ReceiverType } from './schemas/message';
import type { AttachmentType } from './schemas/message-query';

/**
 * A message search as the Messages page holds it (in its URL): the filters `GET /messages` documents.
 * Times are Unix seconds; the service ignores `to` without `from`, so `to` alone is sent from 0.
 */
export interface MessageSearch {
  text?: string | undefined;
  sender?: string | undefined;
  conversationId?: string | undefined;
  receiverType?: ReceiverType | undefined;
  category?: MessageCategory | undefined;
  type?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  hasAttachments?: boolean | undefined;
  attachmentTypes?: readonly AttachmentType[] | undefined;
  hasLinks?: boolean | undefined;
  hasMentions?: boolean | undefined;
  mentionedUids?: readonly string[] | undefined;
  hasReactions?: boolean | undefined;
  onlyDeleted?: boolean | undefined;
}

/** Whether the search narrows anything (an empty search lists every message, newest first). */
export const isEmptySearch = (search: MessageSearch) =>
  Object.values(search).every(
    (value) =>
      value === undefined ||
      value === false ||
      value === '' ||
      (Array.isArray(value) && value.length === 0),
  );

/**
 * One page of a search, newest first; `cursor` is the `meta.next` of the page before (the service's
 * documented cursor paging: `affix` and `id` sent back).
 */
export const searchMessagesPage = (
  search: MessageSearch,
  limit: number,
  cursor: Cursor | undefined,
  signal?: AbortSignal,
) =>
  listMessages(
    {
      searchKey: search.text,
      sender: search.sender,
      conversationId: search.conversationId,
      receiverType: search.receiverType,
      category: search.category,
      type: search.type,
      fromTimestamp: search.from ?? (search.to === undefined ? undefined : 0),
      toTimestamp: search.to,
      hasAttachments: search.hasAttachments,
      attachmentTypes: search.attachmentTypes,
      hasLinks: search.hasLinks,
      hasMentions: search.hasMentions,
      mentionedUids: search.mentionedUids,
      hasReactions: search.hasReactions,
      onlyDeleted: search.onlyDeleted,
      limit,
      affix: cursor?.affix ?? 'prepend',
      id: cursor?.id,
    },
    signal,
  );
