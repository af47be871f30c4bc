import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parseDirectorySearch, toSearchParams, type DirectorySearch } from './directory-params';

/** The directory's filters and page, read from and written to the URL (linkable, survive reload and back). */
export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  // A debounced search may commit after another filter changed: always build on the newest URL.
  const latest = useRef(params);
  // The router's setter changes with every URL; through a ref `update` stays the same function, so
  // the filters (memoised) are left alone by a page change.
  const setLatestParams = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = params;
    setLatestParams.current = setParams;
  }, [params, setParams]);
  const search = useMemo(() => parseDirectorySearch(params), [params]);
  const update = useCallback(
    (change: Partial<DirectorySearch>, options: { replace?: boolean } = {}) => {
      // Any filter change starts again at page 1; only an explicit page change keeps paging.
      const next = toSearchParams({
        ...parseDirectorySearch(latest.current),
        ...change,
        page: change.page ?? 1,
      });
      latest.current = next;
      setLatestParams.current(next, { replace: options.replace ?? false });
    },
    [],
  );
  return { search, update };
}
