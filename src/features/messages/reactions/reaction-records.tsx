import { reactionQueries } from '@/api/queries/reactions';
import { UnsupportedItems } from '@/components/unsupported-items';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { ReactionList, ReactionListFooter } from './reaction-list';

interface Props {
  messageId: string;
  reaction: string | undefined;
  total: number;
  search: string;
  onRemove?: ((record: ReactionRecord) => void) | undefined;
}

const matches = (record: ReactionRecord, needle: string) =>
  record.reactedBy.name.toLowerCase().includes(needle) ||
  record.uid.toLowerCase().includes(needle) ||
  record.reaction.toLowerCase().includes(needle);

/** Loads reaction records page by page as the list scrolls; searching filters what is loaded. */
export function ReactionRecords({ messageId, reaction, total, search, onRemove }: Props) {
  const query = useInfiniteQuery(reactionQueries.list(messageId, reaction));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const records = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const unsupported = useMemo(
    () => query.data?.pages.flatMap((page) => page.unsupported) ?? [],
    [query.data],
  );
  const needle = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () => (needle ? records.filter((r) => matches(r, needle)) : records),
    [records, needle],
  );

  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // While searching, the list does not pull pages by itself: a rare name would otherwise read them all.
  const onNearEnd = canLoad && !needle ? loadMore : undefined;

  if (query.isPending) return <LoadingState label="Loading reactions" />;
  if (query.isError && records.length === 0)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const label = reaction === undefined ? 'Reaction records' : `Reaction records for ${reaction}`;

  return (
    <div>
      {isFetchNextPageError ? (
        <ErrorState
          title="More reactions could not be loaded"
          error={query.error}
          onRetry={loadMore}
        />
      ) : null}
      <ReactionList
        records={shown}
        setSize={needle ? shown.length : Math.max(total, records.length)}
        label={label}
        onNearEnd={onNearEnd}
        onRemove={onRemove}
      />
      <ReactionListFooter
        shown={shown.length}
        loaded={records.length}
        total={Math.max(total, records.length)}
        loading={isFetchingNextPage}
        onLoadMore={hasNextPage ? loadMore : undefined}
      />
      <UnsupportedItems items={unsupported} noun="reaction record" />
    </div>
  );
}
