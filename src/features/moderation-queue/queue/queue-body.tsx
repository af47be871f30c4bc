import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, Ref } from 'react';
import { isRateLimited, retryWaitSeconds } from '@/api/retry-policy';
import { InvalidFiltersState } from '@/components/invalid-filters';
import { LoadingState } from '@/components/loading-state';
import { EmptyState, ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { useFormattersAhead } from '@/components/use-formatters-ahead';
import { itemId } from '../item-info';
import { ReviewList } from '../review/review-list';
import { decidedText, goneNote } from './decided-elsewhere';
import type { QueueAnswer } from './queue-answer';
import { QueueItem, optionId } from './queue-item';
import { RateLimitNotice } from '../review/rate-limit-notice';
import type { QueueItems } from './use-queue-items';

interface Props {
  queue: QueueItems;
  /** Filters narrow the list (so an empty list says nothing matches them). */
  filtered: boolean;
  selectable: boolean;
  listRef: Ref<HTMLUListElement>;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  onListKey: (event: KeyboardEvent<HTMLUListElement>) => void;
}

const messages = (n: number) => `${n} blocked ${n === 1 ? 'message' : 'messages'}`;

/** How much the service answered; with no documented paging, deciding items is what brings the next. */
function AnswerNote({ answer }: { answer: QueueAnswer }) {
  const extras = [
    answer.decidedIds.size > 0 ? `${answer.decidedIds.size} already decided` : '',
    answer.unsupported.length > 0 ? `${answer.unsupported.length} not readable` : '',
  ].filter(Boolean);
  const counted = `${messages(answer.answered)}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
  return (
    <Typography variant="body2" color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
      {answer.full
        ? `The service answered ${counted}. The service lists up to ${answer.limit} blocked messages at a time; decide these to see more.`
        : `End of the queue: the service answered ${counted}.`}
    </Typography>
  );
}

/** Loading, rate-limited, failed, clear, or the list; then what the service answered and any item it could not read. */
export function QueueBody({
  queue,
  filtered,
  selectable,
  listRef,
  onOpen,
  onToggle,
  onListKey,
}: Props) {
  const { list, visible, cursor, claims, liveQueue } = queue;
  const { answer, gone } = queue.shownItems;
  const loadedCount = queue.loaded.length;
  // Each item says when it was sent.
  useFormattersAhead(list.isPending);
  if (list.isPending) {
    return isRateLimited(list.failureReason) ? (
      <RateLimitNotice key={list.failureCount} seconds={retryWaitSeconds(list.failureReason)} />
    ) : (
      <LoadingState label="Loading the queue" />
    );
  }
  if (list.isError && !list.data)
    return (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        title="The queue could not be loaded"
      />
    );
  // "Already rejected by sam at 14:02" by item id: decided by someone else the other way.
  const decidedTexts = new Map(
    queue.conflicts.map((c) => [itemId(c.item), decidedText(c.decided)]),
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      {queue.filtersInvalid ? (
        <InvalidFiltersState />
      ) : visible.length > 0 ? (
        <ReviewList
          label="Blocked messages"
          items={visible}
          idOf={itemId}
          optionId={optionId}
          activeId={cursor.activeId}
          selected={cursor.selectedIds}
          selectable={selectable}
          listRef={listRef}
          onActivate={cursor.setActiveId}
          onOpen={onOpen}
          onToggle={onToggle}
          onKeyDown={onListKey}
          renderItem={(item, place) => {
            const id = itemId(item);
            return (
              <QueueItem
                key={id}
                item={item}
                {...place}
                decidedElsewhere={gone.has(id)}
                decidedOtherwise={decidedTexts.get(id)}
                goneNote={goneNote(liveQueue.notes.get(id), liveQueue.decisions.get(id))}
                reviewer={claims.reviewers.get(id)}
                mine={claims.mine === id}
                selectable={selectable}
              />
            );
          }}
        />
      ) : filtered && loadedCount > 0 ? (
        <EmptyState title="Nothing matches these filters">
          None of the {messages(loadedCount)} loaded matches them.
        </EmptyState>
      ) : (
        <EmptyState title="Queue is clear" icon={<TaskAltOutlined />}>
          No blocked messages are waiting for review. New ones appear here as they arrive.
        </EmptyState>
      )}
      {answer && answer.answered > 0 ? <AnswerNote answer={answer} /> : null}
      {answer ? <UnsupportedItems items={answer.unsupported} noun="blocked message" /> : null}
    </Box>
  );
}
