import { explanationHeaders } from './explanation';
import { ApiError } from './api-error';
import { callOperation } from './operation';
import { type User, type UserStatus } from './schemas/user';

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
  callOperation(
    'users.list',
    {},
    {
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
    },
  );

export const getUser = async (uid: string, signal?: AbortSignal) =>
  (await callOperation('users.get', { uid }, { signal })).data;

export const deactivateUsers = async (
  uids: readonly string[],
  signal?: AbortSignal,
  reason?: string,
) =>
  (
    await callOperation(
      'users.deactivate',
      {},
      {
        body: { uidsToDeactivate: uids },
        headers: explanationHeaders({ reason }),
        signal,
      },
    )
  )?.data;

export const reactivateUsers = async (
  uids: readonly string[],
  signal?: AbortSignal,
  reason?: string,
) =>
  (
    await callOperation(
      'users.reactivate',
      {},
      {
        body: { uidsToActivate: uids },
        headers: explanationHeaders({ reason }),
        signal,
      },
    )
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
    await callOperation(
      'conversations.mark-delivered',
      { uid: otherUid },
      {
        headers: { onBehalfOf: receiverUid },
        body: messageId === undefined ? {} : { messageId },
      },
    )
  )?.data;

export interface FoundUser {
  user: User;
  deactivated: boolean;
}

/**
 * `GET /users/{uid}` answers 404 for a deactivated user, so on a 404 the user is looked up among the
 * deactivated ones (`searchKey` is a prefix match, so the exact uid is picked from the page).
 */
export async function findUser(uid: string, signal?: AbortSignal): Promise<FoundUser> {
  try {
    const user = await getUser(uid, signal);
    return { user, deactivated: user.deactivatedAt !== undefined };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await listUsers({ searchKey: uid, onlyDeactivated: true, perPage: 100 }, signal);
    const wanted = uid.toLowerCase();
    const user = page.data.find((candidate) => candidate.uid.toLowerCase() === wanted);
    if (!user) throw error;
    return { user, deactivated: true };
  }
}
