import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, KeyboardEvent, Ref } from 'react';
import { isRateLimited, retryWaitSeconds } from '@/api/retry-policy';
import type { BlockedMessage, BlockedMessageListResponse } from '@/api/schemas/blocked-message';
import { InvalidFiltersState } from '@/components/invalid-filters';
import { LoadingState } from '@/components/loading-state';
import { EmptyState, ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { useFormattersAhead } from '@/components/use-formatters-ahead';
import type { QueueAnswer } from './queue-answer';
import { QueueList } from './queue-list';
import { RateLimitNotice } from './rate-limit-notice';
import type { useQueueCursor } from './use-queue-cursor';

interface Props {
  list: UseQueryResult<BlockedMessageListResponse>;
  answer: QueueAnswer | undefined;
  visible: readonly BlockedMessage[];
  /** Items shown before the filters narrow them. */
  loadedCount: number;
  filtered: boolean;
  /** The filters cannot be used: nothing is listed, and the list says why. */
  invalidFilters?: boolean;
  gone: ReadonlySet<string>;
  /** "Already rejected by sam at 14:02" by item id: decided by someone else the other way. */
  decidedTexts?: ReadonlyMap<string, string>;
  live?: ComponentProps<typeof QueueList>['live'];
  cursor: ReturnType<typeof useQueueCursor>;
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
  list,
  answer,
  visible,
  loadedCount,
  filtered,
  invalidFilters = false,
  gone,
  decidedTexts,
  live,
  cursor,
  selectable,
  listRef,
  onOpen,
  onToggle,
  onListKey,
}: Props) {
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
  return (
    <Box sx={{ minWidth: 0 }}>
      {invalidFilters ? (
        <InvalidFiltersState />
      ) : visible.length > 0 ? (
        <QueueList
          items={visible}
          activeId={cursor.active?.message.id}
          selected={cursor.selectedIds}
          gone={gone}
          decidedTexts={decidedTexts}
          live={live}
          selectable={selectable}
          listRef={listRef}
          onActivate={cursor.setActiveId}
          onOpen={onOpen}
          onToggle={onToggle}
          onKeyDown={onListKey}
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
