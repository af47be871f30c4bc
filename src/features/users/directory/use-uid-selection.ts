import { useCallback, useMemo, useState } from 'react';

/**
 * A set of uids chosen by the operator, kept across pages and filters. Uids compare case-insensitively,
 * as the service does; the first spelling is kept.
 */
export function useUidSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());

  const has = useCallback((uid: string) => selected.has(uid.toLowerCase()), [selected]);
  const setMany = useCallback((uids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const uid of uids) {
        if (on) {
          if (!next.has(uid.toLowerCase())) next.set(uid.toLowerCase(), uid);
        } else next.delete(uid.toLowerCase());
      }
      return next;
    });
  }, []);
  // Stable across selections, so a memoised row re-renders only when its own box changes.
  const toggle = useCallback((uid: string) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(uid.toLowerCase())) next.delete(uid.toLowerCase());
      else next.set(uid.toLowerCase(), uid);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  const uids = useMemo(() => [...selected.values()], [selected]);

  return useMemo(
    () => ({ uids, size: selected.size, has, toggle, setMany, clear }),
    [uids, selected, has, toggle, setMany, clear],
  );
}
export type UidSelection = ReturnType<typeof useUidSelection>;
