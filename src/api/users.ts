import { apiPath, request } from './http';
import { markDeliveredResponseSchema } from './schemas/conversation';
import { userListResponseSchema, userResponseSchema, type UserStatus } from './schemas/user';
import { deactivateUsersResponseSchema, reactivateUsersResponseSchema } from './schemas/users-bulk';

/** What the console passes to `GET /users`; empty values are left out of the query string. */
export interface ListUsersParams {
  searchKey?: string | undefined;
  role?: string | undefined;
  status?: UserStatus | undefined;
  withDeactivated?: boolean | undefined;
  onlyDeactivated?: boolean | undefined;
  perPage?: number | undefined;
  page?: number | undefined;
}

export const listUsers = (params: ListUsersParams = {}, signal?: AbortSignal) =>
  request(apiPath('users'), userListResponseSchema, {
    signal,
    query: {
      searchKey: params.searchKey,
      role: params.role,
      status: params.status,
      withDeactivated: params.withDeactivated || undefined,
      onlyDeactivated: params.onlyDeactivated || undefined,
      perPage: params.perPage,
      page: params.page,
    },
  });

export const getUser = async (uid: string, signal?: AbortSignal) =>
  (await request(apiPath('users', uid), userResponseSchema, { signal })).data;

export const deactivateUsers = async (uids: readonly string[], signal?: AbortSignal) =>
  (
    await request(apiPath('users'), deactivateUsersResponseSchema, {
      method: 'DELETE',
      tolerant: true,
      body: { uidsToDeactivate: uids },
      signal,
    })
  )?.data;

export const reactivateUsers = async (uids: readonly string[], signal?: AbortSignal) =>
  (
    await request(apiPath('users'), reactivateUsersResponseSchema, {
      method: 'PUT',
      tolerant: true,
      body: { uidsToActivate: uids },
      signal,
    })
  )?.data;

/**
 * Marks the 1:1 conversation between `otherUid` (the path user) and `receiverUid` (the user doing the
 * marking, sent as `onBehalfOf`) as delivered, up to `messageId` when given, else entirely.
 */
export const markConversationDelivered = async (
  otherUid: string,
  receiverUid: string,
  messageId?: number,
) =>
  (
    await request(
      apiPath('users', otherUid, 'conversation', 'delivered'),
      markDeliveredResponseSchema,
      {
        method: 'POST',
        tolerant: true,
        headers: { onBehalfOf: receiverUid },
        body: messageId === undefined ? {} : { messageId },
      },
    )
  )?.data;
