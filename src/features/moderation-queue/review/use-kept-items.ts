import { useCallback, useMemo, useState } from 'react';

/**
 * The latest list, with the items shown before that it no longer holds kept in their place (after
 * the item they followed), unless dropped.
 */
export function keepLeaving<T>(
  shown: readonly T[],
  latest: readonly T[],
  idOf: (item: T) => string,
): T[] {
  const listed = new Set(latest.map(idOf));
  const result = [...latest];
  let after = -1;
  for (const item of shown) {
    const id = idOf(item);
    if (listed.has(id)) after = result.findIndex((kept) => idOf(kept) === id);
    else result.splice(++after, 0, item);
  }
  return result;
}

/**
 * A list that follows the service's latest answer (live or polled) at once, except that an item
 * leaving it stays, as `gone`, until `drop` takes it out (useLeavingItems decides when): nothing
 * jumps away under the moderator's cursor.
 */
export function useKeptItems<T>(latest: readonly T[] | undefined, idOf: (item: T) => string) {
  const [seen, setSeen] = useState<{ latest: readonly T[] | undefined; shown: readonly T[] }>(
    () => ({ latest, shown: latest ?? [] }),
  );
  // Follows each new answer during render, keeping what left it.
  if (seen.latest !== latest)
    setSeen({ latest, shown: latest ? keepLeaving(seen.shown, latest, idOf) : seen.shown });
  const shown = seen.latest === latest ? seen.shown : (latest ?? seen.shown);
  const gone = useMemo(() => {
    const listed = new Set((latest ?? []).map(idOf));
    return new Set(shown.map(idOf).filter((id) => !listed.has(id)));
  }, [shown, latest, idOf]);
  const drop = useCallback(
    (ids: ReadonlySet<string>) =>
      setSeen((current) => ({
        ...current,
        shown: current.shown.filter((item) => !ids.has(idOf(item))),
      })),
    [idOf],
  );
  return { shown, gone, drop };
}
