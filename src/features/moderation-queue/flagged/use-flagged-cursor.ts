import { useMemo, useState } from 'react';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';

/**
 * The active flagged item (where the keyboard is) and the checked ones, by id so that nothing moves
 * when items arrive or leave; an active id no longer listed falls back to the first item.
 */
export function useFlaggedCursor(visible: readonly FlaggedMessage[]) {
  const [activeId, setActiveId] = useState<string>();
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const found = visible.findIndex((item) => item.id === activeId);
  const activeIndex = found >= 0 ? found : visible.length > 0 ? 0 : -1;
  const active = visible[activeIndex];
  const selected = useMemo(
    () => visible.filter((item) => checked.has(item.id)),
    [visible, checked],
  );
  const selectedIds = useMemo(() => new Set(selected.map((item) => item.id)), [selected]);
  return {
    active,
    activeIndex,
    selected,
    selectedIds,
    setActiveId,
    move: (delta: number) => {
      const next = visible[Math.max(0, Math.min(visible.length - 1, activeIndex + delta))];
      if (next) setActiveId(next.id);
    },
    toggle: (id: string) =>
      setChecked((set) => {
        const next = new Set(set);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setChecked: (ids: Iterable<string>) => setChecked(new Set(ids)),
    /** Moves the cursor to the next item that stays, when the active one is about to leave. */
    stepAway: (removing: ReadonlySet<string>) => {
      if (!active || !removing.has(active.id)) return;
      const order = [...visible.slice(activeIndex + 1), ...visible.slice(0, activeIndex).reverse()];
      setActiveId(order.find((item) => !removing.has(item.id))?.id);
    },
  };
}
