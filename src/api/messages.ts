import { apiPath, request } from './http';
import type { Affix } from './schemas/query';
import type { MessageCategory, ReceiverType } from './schemas/message';
import {
  deleteMessageResponseSchema,
  messageListResponseSchema,
  messageResponseSchema,
} from './schemas/message';

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
  limit?: number | undefined;
  /** `prepend` lists the messages before `id` (newest first), `append` those after it (oldest first). */
  affix?: Affix | undefined;
  id?: string | undefined;
}

/** One cursor page of messages with its `meta` (`meta.next` is the cursor of the following page). */
export const listMessages = (params: ListMessagesParams = {}, signal?: AbortSignal) =>
  request(apiPath('messages'), messageListResponseSchema, {
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
      limit: params.limit,
      affix: params.affix,
      id: params.id,
    },
  });

export const getMessage = async (id: string, signal?: AbortSignal) =>
  (await request(apiPath('messages', id), messageResponseSchema, { signal })).data;

/**
 * Soft delete by default (the message stays listable with `deletedAt`); `permanent: true` removes it for
 * good. Resolves to the service's action message describing the deletion.
 */
export const deleteMessage = async (
  id: string,
  options: { permanent?: boolean } = {},
  signal?: AbortSignal,
) =>
  (
    await request(apiPath('messages', id), deleteMessageResponseSchema, {
      method: 'DELETE',
      tolerant: true,
      body: { permanent: options.permanent === true },
      signal,
    })
  )?.data;
