import { explanationHeaders, type Explanation } from './explanation';
import { callOperation } from './operation';
import { type Group, type GroupType } from './schemas/group';

/** What the console passes to `GET /groups`; empty values are left out of the query string. */
export interface ListGroupsParams {
  searchKey?: string | undefined;
  type?: GroupType | undefined;
  perPage?: number | undefined;
  page?: number | undefined;
}

export const listGroups = (params: ListGroupsParams = {}, signal?: AbortSignal) =>
  callOperation(
    'groups.list',
    {},
    {
      signal,
      query: {
        searchKey: params.searchKey,
        type: params.type,
        perPage: params.perPage,
        page: params.page,
      },
    },
  );

export const getGroup = async (guid: string, signal?: AbortSignal) =>
  (await callOperation('groups.get', { guid }, { signal })).data;

export const listBannedUsers = (
  guid: string,
  params: { perPage?: number | undefined; page?: number | undefined } = {},
  signal?: AbortSignal,
) =>
  callOperation(
    'bans.list',
    { guid },
    {
      signal,
      query: { perPage: params.perPage, page: params.page },
    },
  );

/**
 * Bans a member from the group (they leave it). The service takes no reason: the operator's reason
 * goes to the console's audit trail only. A non-member is 404 `ERR_NOT_A_MEMBER`.
 */
export const banGroupUser = async (guid: string, uid: string, explanation?: Explanation) =>
  (
    await callOperation(
      'bans.add',
      { guid, uid },
      {
        headers: explanationHeaders(explanation),
      },
    )
  )?.data;

export const unbanGroupUser = async (guid: string, uid: string, explanation?: Explanation) =>
  (
    await callOperation(
      'bans.remove',
      { guid, uid },
      {
        headers: explanationHeaders(explanation),
      },
    )
  )?.data;

/**
 * The service has no "groups this user is banned from" query, and reading every group's banned list
 * does not scale. The user page checks the banned lists of the first groups `GET /groups` returns, up
 * to this many, and says so.
 */
export const bannedScanGroupLimit = 50;
const bannedPageSize = 1000;
const parallel = 4;

export interface BannedScan {
  groups: Group[];
  checked: number;
  totalGroups: number;
}

async function isBannedFrom(guid: string, uid: string, signal?: AbortSignal): Promise<boolean> {
  const wanted = uid.toLowerCase();
  for (let page = 1; ; page++) {
    const result = await listBannedUsers(guid, { perPage: bannedPageSize, page }, signal);
    if (result.data.some((user) => user.uid.toLowerCase() === wanted)) return true;
    if (page >= result.meta.pagination.total_pages) return false;
  }
}

export async function scanBannedGroups(uid: string, signal?: AbortSignal): Promise<BannedScan> {
  const first = await listGroups({ perPage: bannedScanGroupLimit, page: 1 }, signal);
  const candidates = first.data;
  const banned: Group[] = [];
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const group = candidates[next++];
      if (group && (await isBannedFrom(group.guid, uid, signal))) banned.push(group);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  banned.sort((a, b) => a.name.localeCompare(b.name));
  return { groups: banned, checked: candidates.length, totalGroups: first.meta.pagination.total };
}
