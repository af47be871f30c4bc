import { useMemo, useState } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { itemId } from '../item-info';

/**
 * The item after `index` that is not being removed, or else the nearest one before it. Items in
 * `skip` (someone else reviews them) are passed over while any other is left.
 */
export function nextActive(
  items: readonly BlockedMessage[],
  index: number,
  removing: ReadonlySet<string>,
  skip: ReadonlySet<string> = new Set(),
): string | undefined {
  const order = [
    ...items.slice(index + 1),
    ...items.slice(0, Math.min(index, items.length)).reverse(),
  ].filter((item) => !removing.has(itemId(item)));
  const next = order.find((item) => !skip.has(itemId(item))) ?? order[0];
  return next ? itemId(next) : undefined;
}

/**
 * The active item (where the keyboard is) and the checked items, both by id so that nothing moves when
 * items arrive, leave or come back. An active id that is no longer shown falls back to the first item.
 */
export function useQueueCursor(visible: readonly BlockedMessage[]) {
  const [activeId, setActiveId] = useState<string>();
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const found = visible.findIndex((item) => itemId(item) === activeId);
  const activeIndex = found >= 0 ? found : visible.length > 0 ? 0 : -1;
  const active = visible[activeIndex];
  const selected = useMemo(
    () => visible.filter((item) => checked.has(itemId(item))),
    [visible, checked],
  );
  const selectedIds = useMemo(() => new Set(selected.map(itemId)), [selected]);

  const move = (delta: number) => {
    const next = visible[Math.max(0, Math.min(visible.length - 1, activeIndex + delta))];
    if (next) setActiveId(itemId(next));
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
    activeIndex,
    selected,
    selectedIds,
    setActiveId,
    move,
    toggle,
    selectAll: () => setChecked(new Set(visible.map(itemId))),
    setChecked: (ids: Iterable<string>) => setChecked(new Set(ids)),
    /** Moves the cursor off items that are about to leave the queue, past those others review. */
    stepAway: (removing: ReadonlySet<string>, skip?: ReadonlySet<string>) => {
      if (active && removing.has(itemId(active)))
        setActiveId(nextActive(visible, activeIndex, removing, skip));
    },
  };
}
