import Box from '@mui/material/Box';
import type { KeyboardEvent, Ref } from 'react';
import { EmptyState } from '@/components/states';
import { ClaimNotice } from '../queue/claim-notice';
import { ContextPanel } from '../review/context-panel';
import { ReviewList } from '../review/review-list';
import { FlagDetails } from './flag-details';
import { flagName } from './flag-review-dialog';
import { FlaggedItem, flaggedOptionId } from './flagged-item';
import { flagGoneNote } from './use-flag-conflicts';
import { flagId } from './use-flag-review';
import type { FlaggedList } from './use-flagged-list';

interface Props {
  flagged: FlaggedList;
  /** Why the moderator may only read, or undefined when they may review. */
  readOnly: string | undefined;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  listRef: Ref<HTMLUListElement>;
  onListKey: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/** The flagged listbox with each item's marks, and beside it who reviews the active item and its panel. */
export function FlaggedBody({
  flagged,
  readOnly,
  panelOpen,
  setPanelOpen,
  listRef,
  onListKey,
}: Props) {
  const { visible, cursor, claims, live, gone } = flagged;
  const active = cursor.active;
  const claimNotice =
    active && claims.reviewer ? (
      <ClaimNotice
        reviewer={claims.reviewer}
        itemName={flagName(active)}
        onTakeOver={
          readOnly ? undefined : () => claims.takeOver(active.id, flagName(active), claims.retake)
        }
      />
    ) : null;
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
        selectable={!readOnly}
        listRef={listRef}
        onActivate={cursor.setActiveId}
        onToggle={cursor.toggle}
        onOpen={(id) => {
          cursor.setActiveId(id);
          setPanelOpen(true);
        }}
        onKeyDown={onListKey}
        renderItem={(item, place) => (
          <FlaggedItem
            key={item.id}
            item={item}
            {...place}
            selectable={!readOnly}
            decidedElsewhere={gone.has(item.id)}
            goneNote={flagGoneNote(live.notes.get(item.id), live.decisions.get(item.id))}
            reviewer={claims.reviewers.get(item.id)}
            mine={claims.mine === item.id}
          />
        )}
      />
      {panelOpen && active ? (
        <Box>
          {claimNotice}
          <ContextPanel
            message={active}
            noun="flagged"
            details={<FlagDetails item={active} />}
            onClose={() => setPanelOpen(false)}
          />
        </Box>
      ) : (
        claimNotice
      )}
    </Box>
  );
}
