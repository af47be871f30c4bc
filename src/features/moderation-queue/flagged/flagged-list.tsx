import Paper from '@mui/material/Paper';
import { useEffect, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { FlaggedItem, flaggedOptionId } from './flagged-item';

interface Props {
  items: readonly FlaggedMessage[];
  activeId: string | undefined;
  selected: ReadonlySet<string>;
  selectable: boolean;
  listRef: Ref<HTMLUListElement>;
  onActivate: (id: string) => void;
  onToggle: (id: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/** The flagged queue as a multi-select listbox, the active item carried by `aria-activedescendant`. */
export function FlaggedList({
  items,
  activeId,
  selected,
  selectable,
  listRef,
  onActivate,
  onToggle,
  onKeyDown,
}: Props) {
  useEffect(() => {
    if (!activeId) return;
    const element = document.getElementById(flaggedOptionId(activeId));
    if (element && typeof element.scrollIntoView === 'function')
      element.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    const id = target?.closest<HTMLElement>('[role="option"]')?.dataset.id;
    if (!id) return;
    if (target?.closest('[data-toggle]') && selectable) onToggle(id);
    else onActivate(id);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <ul
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label="Flagged messages"
        aria-multiselectable={selectable}
        aria-activedescendant={activeId ? flaggedOptionId(activeId) : undefined}
        onKeyDown={onKeyDown}
        onClick={onClick}
        style={{ listStyle: 'none', margin: 0, padding: 0, outlineOffset: -2 }}
      >
        {items.map((item, index) => (
          <FlaggedItem
            key={item.id}
            item={item}
            active={item.id === activeId}
            checked={selected.has(item.id)}
            selectable={selectable}
            position={index + 1}
            setSize={items.length}
          />
        ))}
      </ul>
    </Paper>
  );
}
