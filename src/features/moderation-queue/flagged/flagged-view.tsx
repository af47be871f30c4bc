import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { Explanation } from '@/api/explanation';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { LoadingState } from '@/components/loading-state';
import { useNotify } from '@/components/notifier';
import { ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { BulkResults } from '../review/bulk-results';
import { KeysDialog } from '../review/keys-dialog';
import { useListCursor } from '../review/use-list-cursor';
import { useReviewKeys } from '../review/use-review-keys';
import { flagName, FlagReviewDialog } from './flag-review-dialog';
import { FlaggedBody } from './flagged-body';
import { flaggedKeyRows, flaggedKeys } from './flagged-keys';
import { FlaggedToolbar } from './flagged-toolbar';
import {
  flagId,
  flagVerbs,
  useFlagReview,
  type FlagKind,
  type FlagResult,
} from './use-flag-review';

type Dialog = { kind: FlagKind; items: readonly FlaggedMessage[] } | 'keys' | null;

/**
 * The flagged queue: the service's pending flags, reviewed one by one or in bulk by mouse or keyboard,
 * with the conversation, the sender and who flagged beside the list. `review` is true or why the
 * operator may only read.
 */
export function FlaggedView({ review: mayReview }: { review: true | string }) {
  const notify = useNotify();
  const list = useQuery(flaggedMessageQueries.list());
  const { busy, done, review } = useFlagReview();
  const visible = useMemo(
    () => (list.data?.data ?? []).filter((item) => !done.has(item.id)),
    [list.data, done],
  );
  const cursor = useListCursor(visible, flagId);
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
    const outcome = await review(kind, items, why);
    cursor.setChecked(outcome.filter((r) => !r.ok && !r.uncertain).map((r) => r.item.id));
    setResults({ kind, results: outcome });
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
  return (
    <>
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
      <FlaggedBody
        visible={visible}
        cursor={cursor}
        selectable={!readOnly}
        panelOpen={panelOpen}
        listRef={listRef}
        onPanel={setPanelOpen}
        onListKey={onListKey}
      />
      {list.data ? <UnsupportedItems items={list.data.unsupported} noun="flagged message" /> : null}
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
