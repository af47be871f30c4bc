import Paper from '@mui/material/Paper';
import { useEffect, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';

export interface OptionPlace {
  active: boolean;
  checked: boolean;
  position: number;
  setSize: number;
}

interface Props<T> {
  label: string;
  items: readonly T[];
  idOf: (item: T) => string;
  /** The element id of an item's option, which `aria-activedescendant` points at. */
  optionId: (id: string) => string;
  activeId: string | undefined;
  selected: ReadonlySet<string>;
  selectable: boolean;
  listRef: Ref<HTMLUListElement>;
  onActivate: (id: string) => void;
  onToggle: (id: string) => void;
  onOpen?: (id: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  renderItem: (item: T, place: OptionPlace) => ReactNode;
}

const idFromEvent = (event: MouseEvent<HTMLUListElement>) => {
  const target = event.target instanceof Element ? event.target : null;
  return {
    id: target?.closest<HTMLElement>('[role="option"]')?.dataset.id,
    toggle: target?.closest('[data-toggle]') !== null,
  };
};

/**
 * A review queue as a multi-select listbox: one tab stop, the active item carried by
 * `aria-activedescendant` (so screen readers announce it as it moves), checked items by
 * `aria-selected`. Both queues render their items in it.
 */
export function ReviewList<T>({
  label,
  items,
  idOf,
  optionId,
  activeId,
  selected,
  selectable,
  listRef,
  onActivate,
  onToggle,
  onOpen,
  onKeyDown,
  renderItem,
}: Props<T>) {
  useEffect(() => {
    if (!activeId) return;
    // In the next frame, which lays the page out anyway: scrolling in the effect forced that layout
    // inside the task that rendered the list (about a tenth of it on a first load).
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(optionId(activeId));
      if (element && typeof element.scrollIntoView === 'function')
        element.scrollIntoView({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [activeId, optionId]);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <ul
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label={label}
        aria-multiselectable={selectable}
        aria-activedescendant={activeId ? optionId(activeId) : undefined}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          const { id, toggle } = idFromEvent(event);
          if (!id) return;
          if (toggle && selectable) onToggle(id);
          else onActivate(id);
        }}
        onDoubleClick={(event) => {
          const { id } = idFromEvent(event);
          if (id) onOpen?.(id);
        }}
        style={{ listStyle: 'none', margin: 0, padding: 0, outlineOffset: -2 }}
      >
        {items.map((item, index) => {
          const id = idOf(item);
          return renderItem(item, {
            active: id === activeId,
            checked: selected.has(id),
            position: index + 1,
            setSize: items.length,
          });
        })}
      </ul>
    </Paper>
  );
}
