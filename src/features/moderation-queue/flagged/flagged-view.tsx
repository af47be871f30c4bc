import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { Explanation } from '@/api/explanation';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { LoadingState } from '@/components/loading-state';
import { useNotify } from '@/components/notifier';
import { EmptyState, ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { ClaimNotice } from '../queue/claim-notice';
import { LiveStatus } from '../queue/live-status';
import { BulkResults } from '../review/bulk-results';
import { ContextPanel } from '../review/context-panel';
import { KeysDialog } from '../review/keys-dialog';
import { ReviewList } from '../review/review-list';
import { useListCursor } from '../review/use-list-cursor';
import { useReviewKeys } from '../review/use-review-keys';
import { FlagConflictDialog } from './flag-conflict-dialog';
import { FlagDetails } from './flag-details';
import { flagName, FlagReviewDialog } from './flag-review-dialog';
import { FlaggedItem, flaggedOptionId } from './flagged-item';
import { flaggedKeyRows, flaggedKeys } from './flagged-keys';
import { FlaggedToolbar } from './flagged-toolbar';
import {
  flagId,
  flagVerbs,
  useFlagReview,
  type FlagKind,
  type FlagResult,
} from './use-flag-review';
import { useFlagConflicts } from './use-flag-conflicts';
import { useFlaggedClaims, useFlaggedLive, useLeftNotices } from './use-flagged-live';

type Dialog = { kind: FlagKind; items: readonly FlaggedMessage[] } | 'keys' | null;

/**
 * The flagged queue: the service's pending flags, reviewed one by one or in bulk by mouse or keyboard,
 * with the conversation, the sender and who flagged beside the list. `review` is true or why the
 * operator may only read.
 */
export function FlaggedView({ review: mayReview }: { review: true | string }) {
  const notify = useNotify();
  const live = useFlaggedLive();
  const list = useQuery(flaggedMessageQueries.list({ poll: live.poll }));
  const { busy, done, review } = useFlagReview();
  const conflicts = useFlagConflicts(notify);
  useLeftNotices(live.notes, done, notify);
  const visible = useMemo(
    () =>
      (list.data?.data ?? []).filter((item) => !done.has(item.id) && !conflicts.kept.has(item.id)),
    [list.data, done, conflicts.kept],
  );
  const cursor = useListCursor(visible, flagId);
  const claims = useFlaggedClaims({
    poll: live.poll,
    activeId: cursor.active?.id,
    mayClaim: mayReview === true,
    listReady: list.isSuccess,
    notify,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [results, setResults] = useState<{ kind: FlagKind; results: FlagResult[] } | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const listRef = useRef<HTMLUListElement>(null);
  const readOnly = mayReview === true ? undefined : mayReview;
  const asBulk = cursor.selected.length > 0;
  const targets = (asBulk ? cursor.selected : cursor.active ? [cursor.active] : []).filter(
    (item) => !busy.has(item.id),
  );

  const act = (kind: FlagKind) => {
    if (readOnly) notify(`The flagged queue is read-only for you. ${readOnly}`, 'info');
    else if (targets.length > 0) setDialog({ kind, items: targets });
  };
  const confirm = async (kind: FlagKind, items: readonly FlaggedMessage[], why?: Explanation) => {
    setDialog(null);
    cursor.stepAway(new Set(items.map(flagId)));
    const outcome = conflicts.take(kind, await review(kind, items, why), why);
    cursor.setChecked(outcome.filter((r) => !r.ok && !r.uncertain).map((r) => r.item.id));
    if (outcome.length > 0) setResults({ kind, results: outcome });
  };
  const confirmOverride = async (c: NonNullable<typeof conflicts.current>) => {
    const outcome = conflicts.take(c.kind, await review(c.kind, [c.item], c.explanation, true));
    if (outcome.length > 0) setResults({ kind: c.kind, results: outcome });
  };
  const { onListKey } = useReviewKeys({
    keys: flaggedKeys,
    listRef,
    onNav: (action) => {
      if (action === 'help') setDialog('keys');
      else if (action === 'close') setPanelOpen(false);
      else if (action === 'open') setPanelOpen(true);
      else if (action === 'next' || action === 'previous') cursor.move(action === 'next' ? 1 : -1);
      else if (!readOnly && cursor.active) cursor.toggle(cursor.active.id);
    },
    onDecision: act,
  });

  if (list.isPending) return <LoadingState label="Loading the flagged messages" />;
  if (list.isError && !list.data)
    return (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        title="The flagged messages could not be loaded"
      />
    );
  const conflict = conflicts.current;
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
  return (
    <>
      <LiveStatus connection={live.connection} paused={live.paused} />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          The flagged queue is read-only for you. {readOnly}
        </Alert>
      ) : null}
      {results ? (
        <BulkResults
          verb={flagVerbs[results.kind].verb}
          pastTense={flagVerbs[results.kind].past}
          results={results.results}
          idOf={flagId}
          nameOf={flagName}
          onClose={() => setResults(null)}
        />
      ) : null}
      <FlaggedToolbar
        targetLabel={
          asBulk
            ? `${cursor.selected.length} selected`
            : cursor.active
              ? `Message ${cursor.activeIndex + 1} of ${visible.length}`
              : ''
        }
        canAct={!readOnly && targets.length > 0}
        selectable={!readOnly}
        selecting={asBulk}
        onAction={act}
        onSelectAll={() => cursor.setChecked(visible.map(flagId))}
        onClearSelection={() => cursor.setChecked([])}
        onShowKeys={() => setDialog('keys')}
      />
      {visible.length === 0 ? (
        <EmptyState title="No flags wait">
          No flagged message waits for review. New flags appear here as users report messages.
        </EmptyState>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: panelOpen ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
            },
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
              <FlaggedItem key={item.id} item={item} {...place} selectable={!readOnly} />
            )}
          />
          {panelOpen && cursor.active ? (
            <Box>
              {claimNotice}
              <ContextPanel
                message={cursor.active}
                noun="flagged"
                details={<FlagDetails item={cursor.active} />}
                onClose={() => setPanelOpen(false)}
              />
            </Box>
          ) : (
            claimNotice
          )}
        </Box>
      )}
      {list.data ? <UnsupportedItems items={list.data.unsupported} noun="flagged message" /> : null}
      {conflict ? (
        <FlagConflictDialog
          conflict={conflict}
          onKeep={() => conflicts.keep(conflict)}
          onOverride={() => {
            conflicts.resolve(conflict);
            void confirmOverride(conflict);
          }}
        />
      ) : null}
      {dialog === 'keys' ? (
        <KeysDialog
          rows={flaggedKeyRows}
          readOnlyReason={readOnly}
          onClose={() => setDialog(null)}
        />
      ) : dialog ? (
        <FlagReviewDialog
          kind={dialog.kind}
          items={dialog.items}
          onClose={() => setDialog(null)}
          onConfirm={(why) => void confirm(dialog.kind, dialog.items, why)}
        />
      ) : null}
    </>
  );
}
