import { useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterState,
  useLocation,
  useSearchParams,
} from 'react-router';
import { filterErrors, hasFilterErrors, type FilterRules } from './filter-rules';
import {
  changeListState,
  parseListState,
  writeListState,
  type ListSchema,
  type ListState,
} from './list-state';

/**
 * A list's filters and page, read from and written to the URL (linkable, they survive reload and the
 * back button). `schema` must be a module-level constant. `update` changes some values (any change but
 * the page goes back to page 1) and stays the same function for the life of the page, so memoised
 * filters are left alone by a page change.
 *
 * `rules` (module-level too) say which values each filter accepts, with the rules the server applies:
 * `errors` holds what is wrong with the URL's filters, and while `invalid` the list must ask nothing
 * and list nothing (never everything, as if the filter had narrowed it).
 */
export function useListState<S extends ListSchema>(schema: S, rules: FilterRules = noRules) {
  const [params, setParams] = useSearchParams();
  // A debounced search may commit after another filter changed: always build on the newest URL.
  const latest = useRef(params);
  // The router's setter changes with every URL; through a ref `update` stays the same function.
  const setLatestParams = useRef(setParams);
  // Another page opening (a link clicked while a search still waited out its pause): a change
  // committed now would cancel that navigation and pull the operator back to the list. Read from
  // the router's state itself rather than `useNavigation`, which throws outside a data router: the
  // console server draws the page with a static one (src/app/first-paint.tsx), where nothing opens.
  const navigation = useContext(DataRouterState)?.navigation;
  const { pathname } = useLocation();
  const leaving = useRef(false);
  useLayoutEffect(() => {
    latest.current = params;
    setLatestParams.current = setParams;
    leaving.current =
      navigation !== undefined &&
      navigation.state !== 'idle' &&
      navigation.location.pathname !== pathname;
  }, [params, setParams, navigation, pathname]);
  const state = useMemo(() => parseListState(schema, params), [schema, params]);
  const errors = useMemo(() => filterErrors(rules, state), [rules, state]);
  const update = useCallback(
    (change: Partial<ListState<S>>, options: { replace?: boolean } = {}) => {
      if (leaving.current) return;
      const current = parseListState(schema, latest.current);
      const next = writeListState(schema, changeListState(schema, current, change), latest.current);
      latest.current = next;
      setLatestParams.current(next, { replace: options.replace ?? false });
    },
    [schema],
  );
  return { state, update, errors, invalid: hasFilterErrors(errors) };
}

const noRules: FilterRules = {};
