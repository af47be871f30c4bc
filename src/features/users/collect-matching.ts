import { listUsers, type ListUsersParams } from '@/api/users';

/** The largest page `GET /users` serves. */
const collectPageSize = 1000;

/**
 * Every uid matching `filters`, read page by page. `onProgress` gets the uids collected so far and the
 * total the service reports; `signal` stops it between (and during) pages.
 */
export async function collectMatchingUids(
  filters: ListUsersParams,
  onProgress: (collected: number, total: number) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const uids: string[] = [];
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    const result = await listUsers({ ...filters, perPage: collectPageSize, page }, signal);
    for (const user of result.data) uids.push(user.uid);
    const { total, total_pages } = result.meta.pagination;
    onProgress(uids.length, total);
    if (page >= total_pages || result.data.length === 0) return uids;
  }
}
