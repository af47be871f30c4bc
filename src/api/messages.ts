import { explanationHeaders, type Explanation } from './explanation';
import { callOperation } from './operation';
import type { Cursor } from './schemas/common';
import type { Affix } from './schemas/query';
import type { MessageCategory, ReceiverType } from './schemas/message';
import type { AttachmentType } from './schemas/message-query';

/** What the console passes to `GET /messages`; empty values are left out of the query string. */
export interface ListMessagesParams {
  conversationId?: string | undefined;
  sender?: string | undefined;
  receiverType?: ReceiverType | undefined;
  category?: MessageCategory | undefined;
  type?: string | undefined;
  /** Unix seconds. */
  fromTimestamp?: number | undefined;
  toTimestamp?: number | undefined;
  hideDeleted?: boolean | undefined;
  onlyDeleted?: boolean | undefined;
  /** Several categories or types at once (sent comma-separated). */
  categories?: readonly MessageCategory[] | undefined;
  types?: readonly string[] | undefined;
  /** Text the message contains. */
  searchKey?: string | undefined;
  hasAttachments?: boolean | undefined;
  attachmentTypes?: readonly AttachmentType[] | undefined;
  hasLinks?: boolean | undefined;
  hasMentions?: boolean | undefined;
  mentionedUids?: readonly string[] | undefined;
  hasReactions?: boolean | undefined;
  limit?: number | undefined;
  /** `prepend` lists the messages before `id` (newest first), `append` those after it (oldest first). */
  affix?: Affix | undefined;
  id?: string | undefined;
}

const nonEmpty = <T>(list: readonly T[] | undefined) =>
  list && list.length > 0 ? list : undefined;

/** One cursor page of messages with its `meta` (`meta.next` is the cursor of the following page). */
export const listMessages = (params: ListMessagesParams = {}, signal?: AbortSignal) =>
  callOperation(
    'messages.list',
    {},
    {
      signal,
      query: {
        conversationId: params.conversationId,
        sender: params.sender,
        receiverType: params.receiverType,
        category: params.category,
        type: params.type,
        fromTimestamp: params.fromTimestamp,
        toTimestamp: params.toTimestamp,
        hideDeleted: params.hideDeleted || undefined,
        onlyDeleted: params.onlyDeleted || undefined,
        categories: nonEmpty(params.categories),
        types: nonEmpty(params.types),
        searchKey: params.searchKey?.trim() || undefined,
        // The service's `has*` flags filter only when true.
        hasAttachments: params.hasAttachments || undefined,
        attachmentTypes: nonEmpty(params.attachmentTypes),
        hasLinks: params.hasLinks || undefined,
        hasMentions: params.hasMentions || undefined,
        mentionedUids: nonEmpty(params.mentionedUids),
        hasReactions: params.hasReactions || undefined,
        limit: params.limit,
        affix: params.affix,
        id: params.id,
      },
    },
  );

export const getMessage = async (id: string, signal?: AbortSignal) =>
  (await callOperation('messages.get', { id }, { signal })).data;

/**
 * Soft delete by default (the message stays listable with `deletedAt`); `permanent: true` removes it for
 * good. Resolves to the service's action message describing the deletion.
 */
export const deleteMessage = async (
  id: string,
  options: {
    permanent?: boolean;
    explanation?: Explanation | undefined;
    idempotencyKey?: string | undefined;
  } = {},
  signal?: AbortSignal,
) =>
  (
    await callOperation(
      'messages.delete',
      { id },
      {
        body: { permanent: options.permanent === true },
        headers: explanationHeaders(options.explanation),
        idempotencyKey: options.idempotencyKey,
        signal,
      },
    )
  )?.data;

/** What the conversation browser lists by: one conversation, optionally narrowed. */
export interface ConversationFilters {
  conversationId: string;
  category: MessageCategory | undefined;
  type: string | undefined;
  /** Unix seconds. */
  from: number | undefined;
  to: number | undefined;
}

/** One page of a conversation, newest first; `cursor` is the `meta.next` of the page before. */
export const listConversationPage = (
  filters: ConversationFilters,
  limit: number,
  cursor: Cursor | undefined,
  signal?: AbortSignal,
) =>
  listMessages(
    {
      conversationId: filters.conversationId,
      category: filters.category,
      type: filters.type,
      // The service ignores `toTimestamp` without `fromTimestamp`.
      fromTimestamp: filters.from ?? (filters.to === undefined ? undefined : 0),
      toTimestamp: filters.to,
      limit,
      affix: cursor?.affix,
      id: cursor?.id,
    },
    signal,
  );

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** Up to `size` messages of the conversation before and after message `id`, each side oldest first. */
export async function listMessagesAround(
  conversationId: string,
  id: string,
  size: number,
  signal?: AbortSignal,
) {
  const base = { conversationId, id, limit: size };
  const [before, after] = await Promise.all([
    listMessages({ ...base, affix: 'prepend' }, signal),
    listMessages({ ...base, affix: 'append' }, signal),
  ]);
  return {
    before: before.data.filter((m) => m.id !== id).sort(byId),
    after: after.data.filter((m) => m.id !== id).sort(byId),
  };
}
