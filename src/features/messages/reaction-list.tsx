import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { ReactionRow, reactionRowHeight } from './reaction-row';

export const reactionViewportHeight = 480;
/** Rows left below the viewport when the next page is requested. */
const prefetchRows = 40;

interface Props {
  records: readonly ReactionRecord[];
  /** How many records the whole list has (announced as the set size), loaded or not. */
  setSize: number;
  label: string;
  /** Asked for when the viewport nears the end of `records`; undefined when nothing more is to load. */
  onNearEnd: (() => void) | undefined;
  onRemove?: ((record: ReactionRecord) => void) | undefined;
}

/**
 * The reaction records as a virtualised list: only the rows in and near the viewport are in the DOM,
 * so 100,000 records scroll like 100. The list scrolls by keyboard once focused.
 */
export function ReactionList({ records, setSize, label, onNearEnd, onRemove }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => reactionRowHeight,
    overscan: 8,
    getItemKey: (index) => records[index]?.id ?? index,
    // Before layout (and where there is none, as in tests), assume the viewport's CSS height.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: reactionViewportHeight })),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && lastIndex >= records.length - prefetchRows) onNearEnd();
  }, [lastIndex, records.length, onNearEnd]);

  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        height: reactionViewportHeight,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      <Box
        component="ul"
        sx={{ position: 'relative', height: virtualizer.getTotalSize(), m: 0, p: 0, listStyle: 'none' }}
      >
        {items.map((item) => {
          const record = records[item.index];
          if (!record) return null;
          return (
            <Box
              component="li"
              key={item.key}
              aria-setsize={setSize}
              aria-posinset={item.index + 1}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <ReactionRow record={record} onRemove={onRemove} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Footer under the list: what is shown, and a button for those who do not scroll. */
export function ReactionListFooter(props: { shown: number; loaded: number; total: number; loading: boolean; onLoadMore?: (() => void) | undefined }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, minHeight: 36 }}>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ flex: 1 }}>
        {props.shown === props.loaded
          ? `${props.loaded.toLocaleString()} of ${props.total.toLocaleString()} reactions loaded`
          : `${props.shown.toLocaleString()} matching of ${props.loaded.toLocaleString()} loaded (${props.total.toLocaleString()} in all)`}
        {props.loading ? ' · loading more…' : ''}
      </Typography>
      {props.onLoadMore ? (
        <Button size="small" onClick={props.onLoadMore} disabled={props.loading}>
          Load more
        </Button>
      ) : null}
    </Box>
  );
}
