import { explanationHeaders, type Explanation } from './explanation';
import { callOperation } from './operation';
import { type MemberScope } from './schemas/group';

/** What the console passes to `GET /groups/{guid}/members`; empty values are left out. */
export interface ListGroupMembersParams {
  perPage?: number | undefined;
  page?: number | undefined;
  /** Members of these scopes only. */
  scopes?: readonly MemberScope[] | undefined;
  status?: 'available' | 'offline' | undefined;
}

/** A page of a group's members, each with `scope` and `joinedAt` (page-style `meta.pagination`). */
export const listGroupMembers = (
  guid: string,
  params: ListGroupMembersParams = {},
  signal?: AbortSignal,
) =>
  callOperation(
    'members.list',
    { guid },
    {
      signal,
      query: {
        perPage: params.perPage,
        page: params.page,
        scopes: params.scopes && params.scopes.length > 0 ? params.scopes : undefined,
        status: params.status,
      },
    },
  );

/**
 * Removes the member from the group; they may join again (a ban keeps them out). The operator's
 * reason and note go to the audit trail only. A non-member is 404 `ERR_NOT_A_MEMBER`.
 */
export const kickGroupMember = async (guid: string, uid: string, explanation?: Explanation) =>
  (
    await callOperation(
      'members.kick',
      { guid, uid },
      {
        headers: explanationHeaders(explanation),
      },
    )
  )?.data;

/** Makes the member an admin, a moderator or a participant of the group. */
export const changeMemberScope = async (
  guid: string,
  uid: string,
  scope: MemberScope,
  explanation?: Explanation,
) =>
  (
    await callOperation(
      'members.scope',
      { guid, uid },
      {
        body: { scope },
        headers: explanationHeaders(explanation),
      },
    )
  )?.data;
