import { apiPath, request } from './http';
import {
  banResponseSchema,
  bannedUsersResponseSchema,
  groupListResponseSchema,
  groupResponseSchema,
  type GroupType,
} from './schemas/group';

/** What the console passes to `GET /groups`; empty values are left out of the query string. */
export interface ListGroupsParams {
  searchKey?: string | undefined;
  type?: GroupType | undefined;
  perPage?: number | undefined;
  page?: number | undefined;
}

export const listGroups = (params: ListGroupsParams = {}, signal?: AbortSignal) =>
  request(apiPath('groups'), groupListResponseSchema, {
    signal,
    query: {
      searchKey: params.searchKey,
      type: params.type,
      perPage: params.perPage,
      page: params.page,
    },
  });

export const getGroup = async (guid: string, signal?: AbortSignal) =>
  (await request(apiPath('groups', guid), groupResponseSchema, { signal })).data;

export const listBannedUsers = (
  guid: string,
  params: { perPage?: number | undefined; page?: number | undefined } = {},
  signal?: AbortSignal,
) =>
  request(apiPath('groups', guid, 'bannedusers'), bannedUsersResponseSchema, {
    signal,
    query: { perPage: params.perPage, page: params.page },
  });

export const unbanGroupUser = async (guid: string, uid: string) =>
  (
    await request(apiPath('groups', guid, 'bannedusers', uid), banResponseSchema, {
      method: 'DELETE',
      tolerant: true,
    })
  )?.data;
