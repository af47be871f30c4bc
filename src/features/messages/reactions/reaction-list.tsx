import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { RemoveButtonTooltip } from './remove-button-tooltip';
import { ReactionRow, reactionRowHeight, reactionRowSx } from './reaction-row';

export const reactionViewportHeight = 480;
/**
 * Rows left below the viewport when the next page (100 rows) is requested: about 0.75 s ahead at
 * 10 screens a second, so the page is in long before its rows are reached.
 */
const prefetchRows = 60;

interface Props {
  records: readonly ReactionRecord[];
  /** How many records the whole list has (announced as the set size), loaded or not. */
  setSize: number;
  label: string;
  /** Asked for when the viewport nears the end of `records`; undefined when nothing more is to load. */
  onNearEnd: (() => void) | undefined;
  onRemove?: ((record: ReactionRecord) => void) | undefined;
}

const scrollerSx = {
  height: reactionViewportHeight,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Nothing inside changes the scroller's size or paints outside it, so scrolling lays out only the list.
  contain: 'strict',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  '& > ul': { position: 'relative', m: 0, p: 0, listStyle: 'none' },
  ...reactionRowSx,
} satisfies SxProps<Theme>;

/**
 * The reaction records as a virtualised list: only the rows in and near the viewport are in the DOM,
 * so 100,000 records scroll like 100. The list scrolls by keyboard once focused.
 */
export function ReactionList({ label, ...rows }: Props) {
  // A state rather than a ref: the rows' virtualiser needs the element, and it mounts before its parent's ref is set.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <Box ref={setScroller} role="region" aria-label={label} tabIndex={0} sx={scrollerSx}>
        <VirtualRows scroller={scroller} {...rows} />
      </Box>
      {rows.onRemove ? <RemoveButtonTooltip list={scroller} /> : null}
    </>
  );
}

const rowSize = () => reactionRowHeight;
// Before layout (and where there is none, as in tests), assume the viewport's CSS height.
const viewportRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: reactionViewportHeight }),
  );

/**
 * The list itself. It renders again only when the range of rows in view changes, and then without
 * any styling work (the styles sit on the scroller); memoised rows already in range are skipped.
 */
function VirtualRows({
  scroller,
  records,
  setSize,
  onNearEnd,
  onRemove,
}: Omit<Props, 'label'> & { scroller: HTMLDivElement | null }) {
  const getItemKey = useCallback((index: number) => records[index]?.id ?? index, [records]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scroller,
    estimateSize: rowSize,
    overscan: 8,
    getItemKey,
    observeElementRect: viewportRect,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && lastIndex >= records.length - prefetchRows) onNearEnd();
  }, [lastIndex, records.length, onNearEnd]);

  return (
    <ul style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const record = records[item.index];
        if (!record) return null;
        return (
          <ReactionRow
            key={item.key}
            record={record}
            index={item.index}
            start={item.start}
            setSize={setSize}
            onRemove={onRemove}
          />
        );
      })}
    </ul>
  );
}

/** Footer under the list: what is shown, and a button for those who do not scroll. */
export function ReactionListFooter(props: {
  shown: number;
  loaded: number;
  total: number;
  loading: boolean;
  onLoadMore?: (() => void) | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, minHeight: 36 }}>
      <Typography variant="body2" color="textSecondary" role="status" sx={{ flex: 1 }}>
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
