import { isRateLimited, retryDelayFor } from '@/api/retry-policy';
import { listUsers, type ListUsersParams } from '@/api/users';

/** The largest page `GET /users` serves; a server may answer with smaller pages, and `meta` says so. */
const collectPageSize = 1000;
/** Pages in flight at once after the first. */
const parallel = 2;
const maxRateLimitRetries = 5;

const pause = async (ms: number, signal: AbortSignal) => {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  signal.throwIfAborted();
};

/** Runs `call`, waiting out a 429 as the retry policy says a few times before giving up. */
async function patiently<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isRateLimited(error) || attempt >= maxRateLimitRetries) throw error;
      await pause(retryDelayFor(error), signal);
    }
  }
}

/**
 * Every uid matching `filters`, read page by page. The first page says how many pages there are (at
 * the page size the server actually used); the rest are read two at a time. `onProgress` gets the uids
 * collected so far and the total; `signal` stops it.
 */
export async function collectMatchingUids(
  filters: ListUsersParams,
  onProgress: (collected: number, total: number) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const read = (page: number) =>
    patiently(() => listUsers({ ...filters, perPage: collectPageSize, page }, signal), signal);
  const first = await read(1);
  const { total, total_pages: pageCount } = first.meta.pagination;
  const pages: string[][] = [first.data.map((user) => user.uid)];
  let collected = first.data.length;
  onProgress(collected, total);

  let next = 2;
  const worker = async () => {
    while (next <= pageCount) {
      const page = next++;
      signal.throwIfAborted();
      const result = await read(page);
      pages[page - 1] = result.data.map((user) => user.uid);
      collected += result.data.length;
      onProgress(collected, total);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return pages.flat();
}
