import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { userQueries } from '@/api/queries/users';
import type { ListUsersParams } from '@/api/users';

/** A page and the pages either side of it that exist, with `total` entries in pages of `perPage`. */
export function pagesAround(page: number, perPage: number, total: number): number[] {
  const last = Math.max(1, Math.ceil(total / perPage));
  return [page, page + 1, page - 1].filter((p) => p >= 1 && p <= last);
}

/**
 * Keeps the pages either side of the shown one in the cache, so "next" and "previous" paint from it
 * without waiting for the service. They are asked for each time the shown page has (re)loaded, and
 * `goTo(page)` asks for a page and its neighbours before the router re-renders, so a page that is not
 * cached yet is already on its way. Pages cached and still fresh are not asked for again.
 *
 * `shown` is the shown page's total and load time, or undefined while it is loading or still shows the
 * previous filters' rows.
 */
export function usePageReadAhead(
  params: ListUsersParams,
  shown: { total: number; updatedAt: number } | undefined,
) {
  const client = useQueryClient();
  const around = useCallback(
    (page: number, total: number) => {
      for (const p of pagesAround(page, params.perPage ?? 25, total))
        void client.prefetchQuery(userQueries.list({ ...params, page: p }));
    },
    [client, params],
  );
  const page = params.page ?? 1;
  const total = shown?.total;
  const updatedAt = shown?.updatedAt;
  useEffect(() => {
    if (total !== undefined && updatedAt !== undefined) around(page, total);
  }, [around, page, total, updatedAt]);
  return useCallback(
    (target: number) => {
      if (total !== undefined) around(target, total);
    },
    [around, total],
  );
}
