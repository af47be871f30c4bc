import Box from '@mui/material/Box';
import type { KeyboardEvent, Ref } from 'react';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { EmptyState } from '@/components/states';
import { ContextPanel } from '../review/context-panel';
import { ReviewList } from '../review/review-list';
import type { ListCursor } from '../review/use-list-cursor';
import { FlagDetails } from './flag-details';
import { FlaggedItem, flaggedOptionId } from './flagged-item';
import { flagId } from './use-flag-review';

interface Props {
  visible: readonly FlaggedMessage[];
  cursor: ListCursor<FlaggedMessage>;
  selectable: boolean;
  panelOpen: boolean;
  listRef: Ref<HTMLUListElement>;
  onPanel: (open: boolean) => void;
  onListKey: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/** The flagged list, or that nothing waits, and beside it the active item's conversation panel. */
export function FlaggedBody({
  visible,
  cursor,
  selectable,
  panelOpen,
  listRef,
  onPanel,
  onListKey,
}: Props) {
  if (visible.length === 0)
    return (
      <EmptyState title="No flags wait">
        No flagged message waits for review. New flags appear here as users report messages.
      </EmptyState>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: panelOpen ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr' },
      }}
    >
      <ReviewList
        label="Flagged messages"
        items={visible}
        idOf={flagId}
        optionId={flaggedOptionId}
        activeId={cursor.activeId}
        selected={cursor.selectedIds}
        selectable={selectable}
        listRef={listRef}
        onActivate={cursor.setActiveId}
        onToggle={cursor.toggle}
        onOpen={(id) => {
          cursor.setActiveId(id);
          onPanel(true);
        }}
        onKeyDown={onListKey}
        renderItem={(item, place) => (
          <FlaggedItem key={item.id} item={item} {...place} selectable={selectable} />
        )}
      />
      {panelOpen && cursor.active ? (
        <ContextPanel
          message={cursor.active}
          noun="flagged"
          details={<FlagDetails item={cursor.active} />}
          onClose={() => onPanel(false)}
        />
      ) : null}
    </Box>
  );
}
