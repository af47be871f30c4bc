import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { Explanation } from '@/api/explanation';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { LoadingState } from '@/components/loading-state';
import { EmptyState, ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { listKeyAction } from '../queue/use-queue-shortcuts';
import { FlagDetails } from './flag-details';
import { FlagResults } from './flag-results';
import { FlagReviewDialog } from './flag-review-dialog';
import { FlaggedKeysDialog } from './flagged-keys-dialog';
import { FlaggedList } from './flagged-list';
import { useFlagReview, type FlagKind, type FlagResult } from './use-flag-review';
import { useFlaggedShortcuts, type FlaggedAction } from './use-flagged-shortcuts';
import { useFlaggedCursor } from './use-flagged-cursor';

type Dialog = { kind: FlagKind; items: readonly FlaggedMessage[] } | 'keys' | null;

/**
 * The flagged queue: the service's pending flags, polled as often as the blocked list, reviewed one by
 * one or in bulk by mouse or keyboard. `review` is true or why the operator may only read.
 */
export function FlaggedView({ review: mayReview }: { review: true | string }) {
  const list = useQuery(flaggedMessageQueries.list());
  const { busy, done, review } = useFlagReview();
  const visible = useMemo(
    () => (list.data?.data ?? []).filter((item) => !done.has(item.id)),
    [list.data, done],
  );
  const cursor = useFlaggedCursor(visible);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [results, setResults] = useState<{ kind: FlagKind; results: FlagResult[] } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const readOnly = mayReview === true ? undefined : mayReview;
  const asBulk = cursor.selected.length > 0;
  const targets = (asBulk ? cursor.selected : cursor.active ? [cursor.active] : []).filter(
    (item) => !busy.has(item.id),
  );

  const act = (kind: FlagKind) => {
    if (readOnly) return;
    if (targets.length > 0) setDialog({ kind, items: targets });
  };
  const confirm = async (kind: FlagKind, items: readonly FlaggedMessage[], why?: Explanation) => {
    setDialog(null);
    cursor.stepAway(new Set(items.map((item) => item.id)));
    const outcome = await review(kind, items, why);
    cursor.setChecked(outcome.filter((r) => !r.ok && !r.uncertain).map((r) => r.item.id));
    setResults({ kind, results: outcome });
  };
  const onAction = (action: FlaggedAction) => {
    if (action !== 'help' && action !== 'close') listRef.current?.focus();
    if (action === 'help') setDialog('keys');
    else if (action === 'next') cursor.move(1);
    else if (action === 'previous') cursor.move(-1);
    else if (action === 'toggle') {
      if (!readOnly && cursor.active) cursor.toggle(cursor.active.id);
    } else if (action === 'approve' || action === 'block') act(action);
  };
  useFlaggedShortcuts(onAction);

  if (list.isPending) return <LoadingState label="Loading the flagged messages" />;
  if (list.isError && !list.data)
    return (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        title="The flagged messages could not be loaded"
      />
    );
  const canAct = !readOnly && targets.length > 0;
  return (
    <>
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          The flagged queue is read-only for you. {readOnly}
        </Alert>
      ) : null}
      {results ? (
        <FlagResults
          kind={results.kind}
          results={results.results}
          onClose={() => setResults(null)}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mr: 'auto' }}>
          {asBulk
            ? `${cursor.selected.length} selected`
            : cursor.active
              ? `Message ${cursor.activeIndex + 1} of ${visible.length}`
              : ''}
        </Typography>
        <Button variant="outlined" disabled={!canAct} onClick={() => act('approve')}>
          Approve
        </Button>
        <Button variant="outlined" color="error" disabled={!canAct} onClick={() => act('block')}>
          Block
        </Button>
        {!readOnly ? (
          <Button onClick={() => cursor.setChecked(asBulk ? [] : visible.map((item) => item.id))}>
            {asBulk ? 'Clear selection' : 'Select all'}
          </Button>
        ) : null}
        <Button onClick={() => setDialog('keys')}>Keyboard shortcuts</Button>
      </Box>
      {visible.length === 0 ? (
        <EmptyState title="No flags wait">
          No flagged message waits for review. New flags appear here as users report messages.
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
          <FlaggedList
            items={visible}
            activeId={cursor.active?.id}
            selected={cursor.selectedIds}
            selectable={!readOnly}
            listRef={listRef}
            onActivate={cursor.setActiveId}
            onToggle={cursor.toggle}
            onKeyDown={(event) => {
              const action = listKeyAction(event);
              if (action === 'next' || action === 'previous' || action === 'toggle') {
                event.preventDefault();
                onAction(action);
              }
            }}
          />
          {cursor.active ? <FlagDetails item={cursor.active} /> : null}
        </Box>
      )}
      {list.data ? <UnsupportedItems items={list.data.unsupported} noun="flagged message" /> : null}
      {dialog === 'keys' ? (
        <FlaggedKeysDialog readOnlyReason={readOnly} onClose={() => setDialog(null)} />
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
