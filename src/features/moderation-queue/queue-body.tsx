import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { KeyboardEvent, Ref } from 'react';
import type { BlockedMessage, BlockedMessageListResponse } from '@/api/schemas/blocked-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { QueueList } from './queue-list';
import { isRateLimited, rateLimitWait } from './rate-limit';
import { RateLimitNotice } from './rate-limit-notice';
import type { useQueueCursor } from './use-queue-cursor';

interface Props {
  list: UseInfiniteQueryResult<InfiniteData<BlockedMessageListResponse>>;
  visible: readonly BlockedMessage[];
  filtered: boolean;
  cursor: ReturnType<typeof useQueueCursor>;
  selectable: boolean;
  listRef: Ref<HTMLUListElement>;
  onOpen: (id: string) => void;
  onListKey: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/** Loading, rate-limited, failed, clear, or the list with its "Load more". */
export function QueueBody({ list, visible, filtered, cursor, selectable, listRef, onOpen, onListKey }: Props) {
  if (list.isPending) {
    return isRateLimited(list.failureReason) ? (
      <RateLimitNotice key={list.failureCount} seconds={rateLimitWait(list.failureReason)} />
    ) : (
      <LoadingState label="Loading the queue" />
    );
  }
  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} title="The queue could not be loaded" />;
  if (visible.length === 0 && !list.hasNextPage) {
    return (
      <EmptyState title="Queue is clear" icon={<TaskAltOutlined />}>
        {filtered ? 'No pending blocked messages match these filters.' : 'No blocked messages are waiting for review. New ones appear here as they arrive.'}
      </EmptyState>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <QueueList
        items={visible}
        activeId={cursor.active?.message.id}
        selected={cursor.selectedIds}
        selectable={selectable}
        listRef={listRef}
        onActivate={cursor.setActiveId}
        onOpen={onOpen}
        onToggle={cursor.toggle}
        onKeyDown={onListKey}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}>
        {isRateLimited(list.failureReason) && list.isFetchingNextPage ? (
          <RateLimitNotice key={list.failureCount} seconds={rateLimitWait(list.failureReason)} />
        ) : list.isFetchNextPageError ? (
          <ErrorState error={list.error} onRetry={() => void list.fetchNextPage()} title="More items could not be loaded" />
        ) : list.hasNextPage ? (
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : (
          <Typography variant="body2" color="textSecondary">
            End of the queue: {visible.length} pending {visible.length === 1 ? 'message' : 'messages'} shown.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
