import Box from '@mui/material/Box';
import { useRef, useState } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { useNotify } from '@/components/notifier';
import { itemId, ruleLabel, shortName } from '../item-info';
import { BulkResults } from '../review/bulk-results';
import { ContextPanel } from '../review/context-panel';
import { hasFilters, type QueueFilters } from './filters';
import { QueueBody } from './queue-body';
import { QueueDialogs } from './queue-dialogs';
import { QueueFilterBar } from './queue-filters';
import { QueueNotices } from './queue-notices';
import { QueueToolbar } from './queue-toolbar';
import { RuleDetails } from './rule-details';
import { checkBulk, pastTense, verbs } from './review-feedback';
import { useQueueDecisions, type QueueDialog, type QueuePermissions } from './use-queue-decisions';
import { useQueueItems } from './use-queue-items';
import { useQueueShortcuts } from './use-queue-shortcuts';

export type { QueuePermissions } from './use-queue-decisions';

const knownRules = (items: readonly BlockedMessage[]) => [
  ...new Map(
    items.map((item) => [item.ruleId, { id: item.ruleId, name: ruleLabel(item) }]),
  ).values(),
];

interface Props {
  filters: QueueFilters;
  permissions: QueuePermissions;
  onApplyFilters: (filters: QueueFilters) => void;
}

/** The review queue: filters, actions, the list and the conversation panel, driven by keyboard or mouse. */
export function QueueView({ filters, permissions, onApplyFilters }: Props) {
  const notify = useNotify();
  const [dialog, setDialog] = useState<QueueDialog>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const queue = useQueueItems(
    filters,
    dialog?.kind === 'review' ? dialog.request.items : [],
    permissions.review === true,
    notify,
  );
  const { cursor, visible, loaded, actionable } = queue;
  const decisions = useQueueDecisions({ queue, permissions, notify, setDialog });
  const { bulk, asBulk, selectedTargets } = decisions;
  const keys = useQueueShortcuts({
    queue,
    decisions,
    permissions,
    listRef,
    notify,
    setPanelOpen,
    setDialog,
  });

  return (
    <>
      <QueueFilterBar
        key={JSON.stringify(filters)}
        filters={filters}
        knownRules={knownRules(loaded)}
        loadedCount={loaded.length}
        onApply={onApplyFilters}
      />
      {bulk ? (
        <BulkResults
          verb={verbs[bulk.kind]}
          pastTense={pastTense[bulk.kind]}
          results={bulk.results}
          idOf={itemId}
          nameOf={shortName}
          onClose={() => decisions.setBulk(null)}
          onCheck={() => {
            decisions.setBulk(null);
            const unknown = bulk.results.filter((r) => !r.ok && r.uncertain).map((r) => r.item);
            void checkBulk(
              notify,
              bulk.kind,
              unknown,
              bulk.permanent,
              queue.reviewQueue.settle,
              (ids) => cursor.setChecked(ids),
            );
          }}
        />
      ) : null}
      <QueueToolbar
        targetLabel={
          asBulk
            ? `${selectedTargets.length} selected`
            : cursor.active
              ? `Message ${cursor.activeIndex + 1} of ${visible.length}`
              : ''
        }
        selectedCount={asBulk ? selectedTargets.length : 0}
        loadedCount={visible.filter(actionable).length}
        canAct={decisions.targets().length > 0 && !decisions.running}
        deniedReason={decisions.denied}
        panelOpen={panelOpen}
        onAction={decisions.act}
        onSelectAll={() => cursor.setChecked(visible.filter(actionable).map(itemId))}
        onClearSelection={() => cursor.setChecked([])}
        onTogglePanel={() => setPanelOpen((open) => !open)}
        onShowShortcuts={() => setDialog({ kind: 'shortcuts' })}
      />
      <QueueNotices queue={queue} mayReview={permissions.review === true} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: panelOpen && cursor.active ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
          },
        }}
      >
        <QueueBody
          queue={queue}
          filtered={hasFilters(filters)}
          selectable={keys.selectable}
          listRef={listRef}
          onToggle={keys.toggle}
          onListKey={keys.onListKey}
          onOpen={(id) => {
            cursor.setActiveId(id);
            setPanelOpen(true);
          }}
        />
        {panelOpen && cursor.active ? (
          <ContextPanel
            message={cursor.active.message}
            noun="blocked"
            details={<RuleDetails item={cursor.active} />}
            onClose={() => setPanelOpen(false)}
          />
        ) : null}
      </Box>
      <QueueDialogs
        dialog={dialog}
        setDialog={setDialog}
        queue={queue}
        decisions={decisions}
        permissions={permissions}
      />
    </>
  );
}
