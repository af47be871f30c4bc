import Alert from '@mui/material/Alert';
import { useRef, useState } from 'react';
import type { Explanation } from '@/api/explanation';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { LoadingState } from '@/components/loading-state';
import { useNotify } from '@/components/notifier';
import { ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { LiveStatus } from '../queue/live-status';
import { BulkResults } from '../review/bulk-results';
import { decidedElsewhereText } from '../review/use-leaving-items';
import { useReviewKeys } from '../review/use-review-keys';
import { flagName } from './flag-review-dialog';
import { FlaggedBody } from './flagged-body';
import { FlaggedDialogs, type FlaggedDialog } from './flagged-dialogs';
import { flaggedKeys } from './flagged-keys';
import { FlaggedToolbar } from './flagged-toolbar';
import { flagId, flagVerbs, type FlagKind, type FlagResult } from './use-flag-review';
import { useFlaggedList } from './use-flagged-list';

/**
 * The flagged queue: the service's pending flags, reviewed one by one or in bulk by mouse or keyboard,
 * with the conversation, the sender and who flagged beside the list. `review` is true or why the
 * operator may only read.
 */
export function FlaggedView({ review: mayReview }: { review: true | string }) {
  const notify = useNotify();
  const flagged = useFlaggedList(mayReview === true, notify);
  const { list, cursor, visible, conflicts, actionable, live } = flagged;
  const { busy, review } = flagged.reviews;
  const [dialog, setDialog] = useState<FlaggedDialog>(null);
  const [results, setResults] = useState<{ kind: FlagKind; results: FlagResult[] } | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const listRef = useRef<HTMLUListElement>(null);
  const readOnly = mayReview === true ? undefined : mayReview;
  const asBulk = cursor.selected.length > 0;
  const targets = (asBulk ? cursor.selected : cursor.active ? [cursor.active] : []).filter(
    (item) => !busy.has(item.id) && actionable(item),
  );

  const act = (kind: FlagKind) => {
    if (readOnly) notify(`The flagged queue is read-only for you. ${readOnly}`, 'info');
    else if (!asBulk && cursor.active && !actionable(cursor.active))
      notify(decidedElsewhereText(flagName(cursor.active)), 'info');
    else if (targets.length > 0) setDialog({ kind, items: targets });
  };
  const report = (kind: FlagKind, outcome: FlagResult[]) => {
    if (outcome.length > 0) setResults({ kind, results: outcome });
  };
  const confirm = async (kind: FlagKind, items: readonly FlaggedMessage[], why?: Explanation) => {
    setDialog(null);
    cursor.stepAway(new Set(items.map(flagId)));
    const outcome = conflicts.take(kind, await review(kind, items, why), why);
    cursor.setChecked(outcome.filter((r) => !r.ok && !r.uncertain).map((r) => r.item.id));
    report(kind, outcome);
  };
  const { onListKey } = useReviewKeys({
    keys: flaggedKeys,
    listRef,
    onNav: (action) => {
      if (action === 'help') setDialog('keys');
      else if (action === 'close') setPanelOpen(false);
      else if (action === 'open') setPanelOpen(true);
      else if (action === 'next' || action === 'previous') cursor.move(action === 'next' ? 1 : -1);
      else if (!readOnly && cursor.active && actionable(cursor.active))
        cursor.toggle(cursor.active.id);
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
        onSelectAll={() => cursor.setChecked(visible.filter(actionable).map(flagId))}
        onClearSelection={() => cursor.setChecked([])}
        onShowKeys={() => setDialog('keys')}
      />
      <FlaggedBody
        flagged={flagged}
        readOnly={readOnly}
        panelOpen={panelOpen}
        setPanelOpen={setPanelOpen}
        listRef={listRef}
        onListKey={onListKey}
      />
      {list.data ? <UnsupportedItems items={list.data.unsupported} noun="flagged message" /> : null}
      <FlaggedDialogs
        dialog={dialog}
        conflict={conflicts.current}
        readOnly={readOnly}
        onClose={() => setDialog(null)}
        onConfirm={(kind, items, why) => void confirm(kind, items, why)}
        onKeep={(conflict) => conflicts.keep(conflict)}
        onOverride={(conflict) => {
          conflicts.resolve(conflict);
          void review(conflict.kind, [conflict.item], conflict.explanation, true).then((r) =>
            report(conflict.kind, conflicts.take(conflict.kind, r)),
          );
        }}
      />
    </>
  );
}
