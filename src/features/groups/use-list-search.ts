import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toSearchParams, type BannedSearch, type GroupsSearch } from './list-params';

/** A list's filters and page in the URL; any change other than the page goes back to page 1. */
export function useListSearch<T extends Partial<GroupsSearch> & BannedSearch>(parse: (params: URLSearchParams) => T) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parse(params), [params, parse]);
  const update = useCallback(
    (change: Partial<T>, options: { replace?: boolean } = {}) =>
      setParams((current) => toSearchParams({ ...parse(current), ...change, page: change.page ?? 1 }), { replace: options.replace ?? false }),
    [setParams, parse],
  );
  return { search, update };
}
