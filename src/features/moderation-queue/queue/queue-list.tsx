import Paper from '@mui/material/Paper';
import { useEffect, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { itemId } from '../item-info';
import { QueueItem, optionId } from './queue-item';

interface Props {
  items: readonly BlockedMessage[];
  activeId: string | undefined;
  selected: ReadonlySet<string>;
  /** Items the service no longer lists as pending: marked in place, not actionable. */
  gone: ReadonlySet<string>;
  /** Items someone else decided the other way, with that decision in words. */
  decidedTexts?: ReadonlyMap<string, string>;
  /** Live queue: why items left ("Rejected by sam"), who else reviews what, and the own claim. */
  live?: {
    notes: ReadonlyMap<string, string>;
    reviewers: ReadonlyMap<string, string>;
    mine: string | undefined;
  };
  selectable: boolean;
  listRef: Ref<HTMLUListElement>;
  onActivate: (id: string) => void;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/**
 * The queue as a multi-select listbox: one tab stop, the active item carried by `aria-activedescendant`
 * (so screen readers announce it as it moves), checked items by `aria-selected`.
 */
export function QueueList({
  items,
  activeId,
  selected,
  gone,
  decidedTexts,
  live,
  selectable,
  listRef,
  onActivate,
  onOpen,
  onToggle,
  onKeyDown,
}: Props) {
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
  }, [activeId]);

  const idFromEvent = (event: MouseEvent<HTMLUListElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    return {
      id: target?.closest<HTMLElement>('[role="option"]')?.dataset.id,
      toggle: target?.closest('[data-toggle]') !== null,
    };
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <ul
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label="Blocked messages"
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
          if (id) onOpen(id);
        }}
        style={{ listStyle: 'none', margin: 0, padding: 0, outlineOffset: -2 }}
      >
        {items.map((item, index) => {
          const id = itemId(item);
          return (
            <QueueItem
              key={id}
              item={item}
              active={id === activeId}
              checked={selected.has(id)}
              decidedElsewhere={gone.has(id)}
              decidedOtherwise={decidedTexts?.get(id)}
              goneNote={live?.notes.get(id)}
              reviewer={live?.reviewers.get(id)}
              mine={live?.mine === id}
              selectable={selectable}
              position={index + 1}
              setSize={items.length}
            />
          );
        })}
      </ul>
    </Paper>
  );
}
