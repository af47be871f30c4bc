import { useMemo, useState } from 'react';

/**
 * The item after `index` that is not being removed, or else the nearest one before it. Items in
 * `skip` (someone else reviews them) are passed over while any other is left.
 */
export function nextActive<T>(
  items: readonly T[],
  index: number,
  removing: ReadonlySet<string>,
  idOf: (item: T) => string,
  skip: ReadonlySet<string> = new Set(),
): string | undefined {
  const order = [
    ...items.slice(index + 1),
    ...items.slice(0, Math.min(index, items.length)).reverse(),
  ].filter((item) => !removing.has(idOf(item)));
  const next = order.find((item) => !skip.has(idOf(item))) ?? order[0];
  return next ? idOf(next) : undefined;
}

/**
 * The active item of a review list (where the keyboard is) and the checked items, both by id so that
 * nothing moves when items arrive, leave or come back. An active id that is no longer shown falls
 * back to the first item. Both queues use it, each with its own `idOf`.
 */
export function useListCursor<T>(visible: readonly T[], idOf: (item: T) => string) {
  const [activeId, setActiveId] = useState<string>();
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const found = visible.findIndex((item) => idOf(item) === activeId);
  const activeIndex = found >= 0 ? found : visible.length > 0 ? 0 : -1;
  const active = visible[activeIndex];
  const selected = useMemo(
    () => visible.filter((item) => checked.has(idOf(item))),
    [visible, checked, idOf],
  );
  const selectedIds = useMemo(() => new Set(selected.map(idOf)), [selected, idOf]);

  const move = (delta: number) => {
    const next = visible[Math.max(0, Math.min(visible.length - 1, activeIndex + delta))];
    if (next) setActiveId(idOf(next));
  };
  const toggle = (id: string) =>
    setChecked((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return {
    active,
    activeId: active ? idOf(active) : undefined,
    activeIndex,
    selected,
    selectedIds,
    setActiveId,
    move,
    toggle,
    setChecked: (ids: Iterable<string>) => setChecked(new Set(ids)),
    /** Moves the cursor off items that are about to leave the list, past those others review. */
    stepAway: (removing: ReadonlySet<string>, skip?: ReadonlySet<string>) => {
      if (active && removing.has(idOf(active)))
        setActiveId(nextActive(visible, activeIndex, removing, idOf, skip));
    },
  };
}

export type ListCursor<T> = ReturnType<typeof useListCursor<T>>;
