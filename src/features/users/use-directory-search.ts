import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseDirectorySearch, toSearchParams, type DirectorySearch } from './directory-params';

/** The directory's filters and page, read from and written to the URL (linkable, survive reload and back). */
export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseDirectorySearch(params), [params]);
  const update = useCallback(
    (change: Partial<DirectorySearch>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const base = parseDirectorySearch(current);
          // Any filter change starts again at page 1; only an explicit page change keeps paging.
          const page = change.page ?? 1;
          return toSearchParams({ ...base, ...change, page });
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { search, update };
}
