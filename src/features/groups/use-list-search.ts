import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toSearchParams, type BannedSearch, type GroupsSearch } from './list-params';

/** A list's filters and page in the URL; any change other than the page goes back to page 1. */
export function useListSearch<T extends Partial<GroupsSearch> & BannedSearch>(
  parse: (params: URLSearchParams) => T,
) {
  const [params, setParams] = useSearchParams();
  // A debounced search may commit after another filter changed: always build on the newest URL.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const search = useMemo(() => parse(params), [params, parse]);
  const update = useCallback(
    (change: Partial<T>, options: { replace?: boolean } = {}) => {
      const next = toSearchParams({ ...parse(latest.current), ...change, page: change.page ?? 1 });
      latest.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams, parse],
  );
  return { search, update };
}
