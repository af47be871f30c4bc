import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import type { Explanation } from '@/api/explanation';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { useNotify } from '@/components/notifier';
import { BulkResults } from './bulk-results';
import { ConflictNotices } from './conflict-notices';
import { ContextPanel } from './context-panel';
import { decidedMeanwhile, decidedText } from './decided-elsewhere';
import { filterErrors, hasFilterErrors } from '@/utils/filter-rules';
import { hasFilters, matchesFilters, queueFilterRules, type QueueFilters } from './filters';
import { itemId, ruleLabel, shortName } from '../item-info';
import { useReviewQueue, type ItemResult, type ReviewKind } from '../mutations';
import { NewItemsButton } from './new-items-button';
import { OverrideDialog } from './override-dialog';
import { QueueBody } from './queue-body';
import { QueueFilterBar } from './queue-filters';
import { QueueToolbar } from './queue-toolbar';
import { ReviewDialog, type ReviewDialogRequest } from './review-dialog';
import { checkBulk, reportSingle } from './review-feedback';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useConflicts } from './use-conflicts';
import { useQueueCursor } from './use-queue-cursor';
import { listKeyAction, useQueueShortcuts, type ShortcutAction } from './use-queue-shortcuts';
import { useLeavingItems } from './use-leaving-items';
import { useShownItems } from './use-shown-items';
import { ClaimNotice } from './claim-notice';
import { LiveStatus } from './live-status';
import { useClaim } from './use-claim';
import { useLiveQueue } from './use-live-queue';
import { useQueueClaims } from './use-queue-claims';

export interface QueuePermissions {
  /** Approve and reject; otherwise the reason why not. */
  review: true | string;
  delete: true | string;
  deletePermanently: boolean;
}

const knownRules = (items: readonly BlockedMessage[]) => [
  ...new Map(
    items.map((item) => [item.ruleId, { id: item.ruleId, name: ruleLabel(item) }]),
  ).values(),
];

type Dialog =
  { kind: 'review'; request: ReviewDialogRequest; bulk: boolean } | { kind: 'shortcuts' } | null;

interface Props {
  filters: QueueFilters;
  permissions: QueuePermissions;
  onApplyFilters: (filters: QueueFilters) => void;
}

/** The review queue: filters, actions, the list and the conversation panel, driven by keyboard or mouse. */
export function QueueView({ filters, permissions, onApplyFilters }: Props) {
  const notify = useNotify();
  const liveQueue = useLiveQueue();
  const live = liveQueue.connection === 'live';
  const list = useQuery(blockedMessageQueries.list({ poll: !live }));
  const claims = useQueueClaims(!live, list.isSuccess, notify);
  const { answer, shown, fresh, gone, showNew, drop } = useShownItems(
    list.data,
    list.isFetchedAfterMount,
  );
  const { hidden, review, settle } = useReviewQueue();
  const decided = useConflicts(notify, settle);
  const loaded = useMemo(() => shown.filter((item) => !hidden.has(itemId(item))), [shown, hidden]);
  // A refusal is shown until the moderator answers it, whatever the list learns meanwhile.
  const conflicts = decided.conflicts.filter((c) => !hidden.has(itemId(c.item)));
  // A filter that cannot be used shows nothing, never the whole queue as if it were filtered.
  const filtersInvalid = hasFilterErrors(filterErrors(queueFilterRules, filters));
  const visible = useMemo(
    () => (filtersInvalid ? [] : loaded.filter((item) => matchesFilters(item, filters))),
    [loaded, filters, filtersInvalid],
  );
  // An item decided elsewhere under the cursor stays, marked, until the moderator moves on; nothing
  // acts on it. The others leave at once (useLeavingItems).
  const actionable = (item: BlockedMessage) => !gone.has(itemId(item));
  const cursor = useQueueCursor(visible);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reviewing = dialog?.kind === 'review' ? dialog.request.items : [];
  // Items of the open dialog someone else decided since it opened: the dialog says so at once.
  const meanwhile = decidedMeanwhile(reviewing, gone, liveQueue.decisions, decided.conflicts);
  useLeavingItems({
    shown,
    gone,
    hidden,
    held: new Set([...conflicts.map((c) => itemId(c.item)), ...reviewing.map(itemId)]),
    activeId: cursor.active ? itemId(cursor.active) : undefined,
    notes: liveQueue.notes,
    drop,
    notify,
  });
  const reviewer = cursor.active ? claims.reviewers.get(itemId(cursor.active)) : undefined;
  // Claimed once nobody else holds it (again when their claim ends).
  const activeFree =
    cursor.active && actionable(cursor.active) && !reviewer ? itemId(cursor.active) : undefined;
  const claim = useClaim(activeFree, permissions.review === true, claims.claimSeconds);
  const othersItem =
    reviewer && cursor.active && actionable(cursor.active) ? cursor.active : undefined;
  const [panelOpen, setPanelOpen] = useState(false);
  const [bulk, setBulk] = useState<{
    kind: ReviewKind;
    results: ItemResult[];
    permanent: boolean;
  } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const denied = {
    approve: permissions.review === true ? undefined : permissions.review,
    reject: permissions.review === true ? undefined : permissions.review,
    delete: permissions.delete === true ? undefined : permissions.delete,
  };
  const selectable = permissions.review === true || permissions.delete === true;
  const asBulk = cursor.selected.length > 0;
  const selectedTargets = cursor.selected.filter(actionable);
  const targets = (): BlockedMessage[] =>
    asBulk ? selectedTargets : cursor.active && actionable(cursor.active) ? [cursor.active] : [];
  const goneCount = loaded.filter((item) => !actionable(item)).length;
  const notifyGone = (item: BlockedMessage) =>
    notify(
      `${shortName(item)} was decided elsewhere, so there is nothing to do here. It leaves the list when you move on.`,
      'info',
    );

  // One decision at a time: the cursor moves on as it starts, so a second click or key press of the
  // same gesture would otherwise decide the next item.
  const deciding = useSingleFlight();
  const run = (
    kind: ReviewKind,
    targetItems: readonly BlockedMessage[],
    bulkAction: boolean,
    permanent = false,
    override: boolean | ReadonlySet<string> = false,
    explanation?: Explanation,
  ) =>
    deciding.run(async () => {
      cursor.stepAway(new Set(targetItems.map(itemId)), new Set(claims.reviewers.keys()));
      const results = await review({ kind, items: targetItems, permanent, override, explanation });
      // Decisions someone else took show beside their items (see useConflicts), not as failures.
      const rest = decided.take(kind, results);
      if (!bulkAction) {
        reportSingle(notify, kind, rest, permanent, settle);
        return;
      }
      setBulk({ kind, results, permanent });
      // Only what surely failed is selected for a retry; an unknown outcome is checked first.
      cursor.setChecked(results.filter((r) => !r.ok && !r.uncertain).map((r) => itemId(r.item)));
    });

  /** `withNote`: a single reject too goes through the dialog, for a reason or a note. */
  const act = (kind: ReviewKind, withNote = false) => {
    if (deciding.isRunning()) return;
    const reason = denied[kind];
    if (reason) {
      notify(`The queue is read-only for you. ${reason}`, 'info');
      return;
    }
    const targetItems = targets();
    if (targetItems.length === 0) {
      if (!asBulk && cursor.active) notifyGone(cursor.active);
      return;
    }
    if (kind === 'reject' && !asBulk && !withNote) void run(kind, targetItems, false);
    else setDialog({ kind: 'review', request: { kind, items: targetItems }, bulk: asBulk });
  };

  const toggle = (id: string) => {
    const item = visible.find((i) => itemId(i) === id);
    if (item && !actionable(item)) notifyGone(item);
    else cursor.toggle(id);
  };

  const onShortcut = (action: ShortcutAction) => {
    // Moving puts focus on the list, so a screen reader announces the item that became active.
    if (
      (action === 'next' || action === 'previous' || action === 'toggle') &&
      document.activeElement !== listRef.current
    )
      listRef.current?.focus();
    if (action === 'help') setDialog({ kind: 'shortcuts' });
    else if (action === 'close') setPanelOpen(false);
    else if (action === 'open') setPanelOpen(visible.length > 0);
    else if (action === 'previous') cursor.move(-1);
    else if (action === 'next') cursor.move(1);
    else if (action === 'toggle') {
      if (!selectable)
        notify(
          `Selecting is for bulk actions, and the queue is read-only for you. ${permissions.review === true ? '' : permissions.review}`,
          'info',
        );
      else if (cursor.active) toggle(itemId(cursor.active));
    } else if (action === 'rejectWithNote') act('reject', true);
    else act(action);
  };
  useQueueShortcuts(onShortcut);

  const targetLabel = asBulk
    ? `${selectedTargets.length} selected`
    : cursor.active
      ? `Message ${cursor.activeIndex + 1} of ${visible.length}`
      : '';

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
          kind={bulk.kind}
          results={bulk.results}
          onClose={() => setBulk(null)}
          onCheck={() => {
            setBulk(null);
            const unknown = bulk.results.filter((r) => !r.ok && r.uncertain).map((r) => r.item);
            void checkBulk(notify, bulk.kind, unknown, bulk.permanent, settle, (ids) =>
              cursor.setChecked(ids),
            );
          }}
        />
      ) : null}
      <QueueToolbar
        targetLabel={targetLabel}
        selectedCount={asBulk ? selectedTargets.length : 0}
        loadedCount={visible.filter(actionable).length}
        canAct={targets().length > 0 && !deciding.running}
        deniedReason={denied}
        panelOpen={panelOpen}
        onAction={act}
        onSelectAll={() => cursor.setChecked(visible.filter(actionable).map(itemId))}
        onClearSelection={() => cursor.setChecked([])}
        onTogglePanel={() => setPanelOpen((open) => !open)}
        onShowShortcuts={() => setDialog({ kind: 'shortcuts' })}
      />
      <NewItemsButton
        count={fresh.length}
        more={answer !== undefined && answer.full && fresh.length === answer.pending.length}
        gone={goneCount}
        onShow={() => {
          cursor.stepAway(gone);
          showNew();
        }}
      />
      <LiveStatus connection={liveQueue.connection} paused={liveQueue.paused} />
      {reviewer && othersItem ? (
        <ClaimNotice
          reviewer={reviewer}
          itemName={shortName(othersItem)}
          onTakeOver={
            permissions.review === true
              ? () => claims.takeOver(itemId(othersItem), shortName(othersItem), claim.retake)
              : undefined
          }
        />
      ) : null}
      <ConflictNotices
        conflicts={conflicts}
        onKeep={decided.keep}
        onOverride={decided.askOverride}
      />
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
          list={list}
          answer={answer}
          visible={visible}
          loadedCount={loaded.length}
          filtered={hasFilters(filters)}
          invalidFilters={filtersInvalid}
          gone={gone}
          decidedTexts={new Map(conflicts.map((c) => [itemId(c.item), decidedText(c.decided)]))}
          live={{ notes: liveQueue.notes, reviewers: claims.reviewers, mine: claims.mine }}
          cursor={cursor}
          selectable={selectable}
          listRef={listRef}
          onToggle={toggle}
          onListKey={(event) => {
            const action = listKeyAction(event);
            if (!action) return;
            event.preventDefault();
            onShortcut(action);
          }}
          onOpen={(id) => {
            cursor.setActiveId(id);
            setPanelOpen(true);
          }}
        />
        {panelOpen && cursor.active ? (
          <ContextPanel item={cursor.active} onClose={() => setPanelOpen(false)} />
        ) : null}
      </Box>
      {dialog?.kind === 'shortcuts' ? (
        <ShortcutsDialog onClose={() => setDialog(null)} readOnlyReason={denied.approve} />
      ) : null}
      {decided.overriding ? (
        <OverrideDialog
          conflict={decided.overriding}
          onClose={decided.cancelOverride}
          onConfirm={() => {
            const conflict = decided.overriding;
            if (!conflict) return;
            decided.confirmOverride(conflict);
            void run(conflict.kind, [conflict.item], false, false, true);
          }}
        />
      ) : null}
      {dialog?.kind === 'review' ? (
        <ReviewDialog
          request={dialog.request}
          mayDeletePermanently={permissions.deletePermanently}
          decided={meanwhile}
          onKeep={(item) => {
            decided.keepItem(item, meanwhile.get(itemId(item)) ?? null);
            const items = reviewing.filter((i) => itemId(i) !== itemId(item));
            setDialog(
              items.length > 0 ? { ...dialog, request: { ...dialog.request, items } } : null,
            );
          }}
          onClose={() => setDialog(null)}
          onConfirm={(permanent, explanation, overridden) => {
            setDialog(null);
            void run(
              dialog.request.kind,
              dialog.request.items,
              dialog.bulk,
              permanent,
              overridden,
              explanation,
            );
          }}
        />
      ) : null}
    </>
  );
}
