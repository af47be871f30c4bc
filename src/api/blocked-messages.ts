import { apiPath, request } from './http';
import type { Affix } from './schemas/query';
import {
  blockedMessageListResponseSchema,
  reviewBlockedMessageResponseSchema,
  type BlockedStatus,
  type ReviewBlockedMessageBody,
} from './schemas/blocked-message';

/** What the console passes to `GET /moderation/blocked-messages`; empty values are left out. */
export interface ListBlockedMessagesParams {
  status?: BlockedStatus | undefined;
  sender?: string | undefined;
  ruleId?: string | undefined;
  /** Unix seconds. */
  fromTimestamp?: number | undefined;
  toTimestamp?: number | undefined;
  limit?: number | undefined;
  /** Without it the newest come first; `prepend` + `id` continues below that id, `append` + `id` lists newer ones. */
  affix?: Affix | undefined;
  id?: string | undefined;
}

/** One cursor page of blocked messages with its `meta`. */
export const listBlockedMessages = (params: ListBlockedMessagesParams = {}, signal?: AbortSignal) =>
  request(apiPath('moderation', 'blocked-messages'), blockedMessageListResponseSchema, {
    signal,
    query: {
      status: params.status,
      sender: params.sender,
      ruleId: params.ruleId,
      fromTimestamp: params.fromTimestamp,
      toTimestamp: params.toTimestamp,
      limit: params.limit,
      affix: params.affix,
      id: params.id,
    },
  });

const reviewBlockedMessage = async (messageId: string, body: ReviewBlockedMessageBody) =>
  (
    await request(
      apiPath('moderation', 'blocked-messages', messageId),
      reviewBlockedMessageResponseSchema,
      {
        method: 'PATCH',
        tolerant: true,
        body,
      },
    )
  )?.data;

/** Unblocks the message: the service delivers it to its receiver now. */
export const approveBlockedMessage = (messageId: string) =>
  reviewBlockedMessage(messageId, { status: 'approved' });

/** Keeps the message blocked and marks it reviewed. */
export const rejectBlockedMessage = (messageId: string) =>
  reviewBlockedMessage(messageId, { status: 'rejected', reviewed: true });
