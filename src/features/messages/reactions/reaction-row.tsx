import type { SxProps, Theme } from '@mui/material/styles';
import { memo } from 'react';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { UserLink } from '@/components/user-link';
import { formatDateTime, formatRelative, isoFromSeconds } from '@/utils/format';

export const reactionRowHeight = 60;

/** The RemoveCircleOutlineOutlined glyph of @mui/icons-material, drawn without an SvgIcon per row. */
const removeIconPath =
  'M7 11v2h10v-2zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8';

const noWrap = {
  m: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
/**
 * The rows' styles, set once on the list. Rows are plain elements with these class names: scrolling
 * mounts a few rows a frame, and MUI components with per-row styles cost more than the frame has.
 * The look follows Avatar, Typography (body2, caption, noWrap) and a small IconButton.
 */
export const reactionRowSx = {
  // The item only places the row. The grid sits on a box inside it: an absolutely placed list item that
  // is itself the grid cost about four times as much style and layout work per row mounted.
  '& .reaction-item': { position: 'absolute', top: 0, left: 0, width: '100%' },
  '& .reaction-row': {
    height: reactionRowHeight,
    // Each row is its own layout and paint island: a row mounting or leaving lays out nothing around it.
    contain: 'strict',
    display: 'grid',
    gridTemplateColumns: '40px minmax(0, 1fr) 56px minmax(120px, auto) 48px',
    gridTemplateAreas: '"avatar name emoji when remove" "avatar meta emoji when remove"',
    alignContent: 'center',
    alignItems: 'center',
    columnGap: 2,
    px: 2,
    borderBottom: 1,
    borderColor: 'divider',
    boxSizing: 'border-box',
  },
  '& .reaction-avatar': {
    gridArea: 'avatar',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 32,
    height: 32,
    borderRadius: '50%',
    fontSize: 14,
    lineHeight: 1,
    userSelect: 'none',
    color: 'background.default',
    bgcolor: 'Avatar.defaultBg',
  },
  '& .reaction-name': { gridArea: 'name', typography: 'body2', ...noWrap },
  '& .reaction-meta': {
    gridArea: 'meta',
    typography: 'caption',
    ...noWrap,
    color: 'text.secondary',
  },
  '& .reaction-user': { color: 'primary.main' },
  '& .reaction-emoji': {
    gridArea: 'emoji',
    typography: 'body1',
    ...noWrap,
    fontSize: 22,
    textAlign: 'center',
  },
  '& .reaction-when': { gridArea: 'when', typography: 'body2', ...noWrap, color: 'text.secondary' },
  '& .reaction-remove': {
    gridArea: 'remove',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    justifySelf: 'center',
    p: '5px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    '& svg': { width: 20, height: 20, fill: 'currentColor' },
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
} satisfies SxProps<Theme>;

interface Props {
  record: ReactionRecord;
  /** Position in the list (0-based) and its offset from the top, in px. */
  index: number;
  start: number;
  /** How many records the whole list has, loaded or not. */
  setSize: number;
  /** Undefined when the operator may not act on behalf of users (the toolbar says why). */
  onRemove?: ((record: ReactionRecord) => void) | undefined;
}

/**
 * One list item: who reacted (avatar initial, name, uid, last active), with what, and when. Memoised,
 * so a scroll step renders only the rows that come into range.
 */
export const ReactionRow = memo(function ReactionRow({
  record,
  index,
  start,
  setSize,
  onRemove,
}: Props) {
  const { reactedBy } = record;
  const initial = [...(reactedBy.name.trim() || reactedBy.uid)][0]?.toUpperCase() ?? '?';
  const label = `Remove ${reactedBy.name}’s ${record.reaction} reaction`;
  return (
    <li
      className="reaction-item"
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="reaction-row">
        <span className="reaction-avatar" aria-hidden="true">
          {initial}
        </span>
        <p className="reaction-name">{reactedBy.name}</p>
        <p className="reaction-meta">
          <UserLink className="reaction-user" uid={reactedBy.uid} />
          {reactedBy.lastActiveAt !== undefined
            ? ` · last active ${formatRelative(reactedBy.lastActiveAt)}`
            : ''}
        </p>
        <p className="reaction-emoji" title={record.reaction}>
          {record.reaction}
        </p>
        <time className="reaction-when" dateTime={isoFromSeconds(record.reactedAt)}>
          {formatDateTime(record.reactedAt)}
        </time>
        {onRemove ? (
          <button
            type="button"
            className="reaction-remove"
            aria-label={label}
            onClick={() => onRemove(record)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={removeIconPath} />
            </svg>
          </button>
        ) : null}
      </div>
    </li>
  );
});
