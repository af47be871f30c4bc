import Table from '@mui/material/Table';
import { styled, type CSSObject, type Theme } from '@mui/material/styles';

/**
 * Class names of a paged table's body. The rows are plain table elements: their look (the same as MUI's
 * small TableRow, TableCell, Checkbox and outlined Chip, in both schemes) is given once here, on the
 * table, rather than by a styled component per cell. A page of 100 rows then mounts in a fraction of
 * the time.
 */
export const cellClasses = {
  selected: 'PagedTable-selected',
  checkCell: 'PagedTable-checkCell',
  check: 'PagedTable-check',
  checkIcon: 'PagedTable-checkIcon',
  link: 'PagedTable-link',
  mono: 'PagedTable-mono',
  noWrap: 'PagedTable-noWrap',
  right: 'PagedTable-right',
  muted: 'PagedTable-muted',
  /** A second, smaller line under a cell's value. */
  note: 'PagedTable-note',
  /** Identifiers and operations: monospace, a little smaller, broken anywhere. */
  code: 'PagedTable-code',
  chip: 'PagedTable-chip',
  /** Space before an inline badge that follows text. */
  gap: 'PagedTable-gap',
  chipPrimary: 'PagedTable-chipPrimary',
  chipSuccess: 'PagedTable-chipSuccess',
  chipWarning: 'PagedTable-chipWarning',
  chipError: 'PagedTable-chipError',
  /** An error-coloured outline around a word in the body colour. */
  chipAlert: 'PagedTable-chipAlert',
} as const;

/** MUI's checkbox icons (CheckBoxOutlineBlank, CheckBox, IndeterminateCheckBox), drawn in currentColor. */
const icon = (path: string) =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='${path}'/%3E%3C/svg%3E")`;
const blankIcon = icon(
  'M19 5v14H5V5h14m0-2H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z',
);
const checkedIcon = icon(
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
);
const indeterminateIcon = icon(
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-2 10H7v-2h10v2z',
);

const c = cellClasses;

/**
 * A native checkbox, transparent over MUI's icon, as MUI's own Checkbox is built; the icon gets a
 * focus ring whenever the box has keyboard focus.
 */
function checkStyles(theme: Theme): CSSObject {
  const palette = (theme.vars ?? theme).palette;
  return {
    position: 'relative',
    display: 'inline-flex',
    verticalAlign: 'middle',
    width: 24,
    height: 24,
    color: palette.text.secondary,
    '& > input': {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      margin: 0,
      opacity: 0,
      cursor: 'pointer',
    },
    [`& > .${c.checkIcon}`]: {
      width: '100%',
      height: '100%',
      borderRadius: 4,
      pointerEvents: 'none',
      '&::before': {
        content: '""',
        display: 'block',
        width: '100%',
        height: '100%',
        backgroundColor: 'currentColor',
        mask: `${blankIcon} center / 24px 24px no-repeat`,
      },
    },
    borderRadius: '50%',
    '&:hover': {
      backgroundColor: theme.alpha(palette.primary.main, palette.action.hoverOpacity),
    },
    [`& > input:checked + .${c.checkIcon}, & > input:indeterminate + .${c.checkIcon}`]: {
      color: palette.primary.main,
    },
    [`& > input:checked + .${c.checkIcon}::before`]: { maskImage: checkedIcon },
    [`& > input:indeterminate + .${c.checkIcon}::before`]: { maskImage: indeterminateIcon },
    [`& > input:focus-visible + .${c.checkIcon}`]: {
      outline: `2px solid ${palette.primary.main}`,
      outlineOffset: 1,
    },
    '@media (forced-colors: active)': {
      [`& > .${c.checkIcon}::before`]: { backgroundColor: 'CanvasText' },
      [`& > input:focus-visible + .${c.checkIcon}`]: { outlineColor: 'Highlight' },
    },
  };
}

/** An outlined small Chip, in the tones the pages use. */
function chipStyles(theme: Theme): CSSObject {
  const palette = (theme.vars ?? theme).palette;
  const chipBorder = theme.vars?.palette.Chip.defaultBorder ?? theme.palette.divider;
  const tone = (main: string) => ({ color: main, borderColor: theme.alpha(main, 0.7) });
  return {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: 24,
    maxWidth: '100%',
    padding: '0 7px',
    border: `1px solid ${chipBorder}`,
    borderRadius: 16,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    color: palette.text.primary,
    [`&.${c.chipPrimary}`]: tone(palette.primary.main),
    [`&.${c.chipSuccess}`]: tone(palette.success.main),
    [`&.${c.chipWarning}`]: tone(palette.warning.main),
    [`&.${c.chipError}`]: tone(palette.error.main),
    // The word in the body colour keeps its contrast on tinted (selected, hovered) rows.
    [`&.${c.chipAlert}`]: { borderColor: theme.alpha(palette.error.main, 0.7) },
  };
}

export const PagedTableRoot = styled(Table)(({ theme }) => {
  const palette = (theme.vars ?? theme).palette;
  // The theme has CSS variables; the fallbacks only serve a theme without them.
  const cellBorder = theme.vars?.palette.TableCell.border ?? theme.palette.divider;
  return {
    '& > tbody > tr': {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      '&:hover': { backgroundColor: palette.action.hover },
      [`&.${c.selected}`]: {
        backgroundColor: theme.alpha(palette.primary.main, palette.action.selectedOpacity),
        '&:hover': {
          backgroundColor: theme.alpha(
            palette.primary.main,
            `${palette.action.selectedOpacity} + ${palette.action.hoverOpacity}`,
          ),
        },
      },
    },
    '& > tbody > tr > td': {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${cellBorder}`,
      textAlign: 'left',
      padding: '6px 16px',
      color: palette.text.primary,
      [`&.${c.checkCell}`]: { width: 24, padding: '0 12px 0 16px' },
      [`&.${c.mono}`]: { fontFamily: 'monospace' },
      [`&.${c.noWrap}`]: { whiteSpace: 'nowrap' },
      [`&.${c.right}`]: { textAlign: 'right' },
    },
    [`& .${c.muted}`]: { color: palette.text.secondary },
    [`& .${c.gap}`]: { marginLeft: theme.spacing(1) },
    [`& .${c.note}`]: {
      ...theme.typography.caption,
      display: 'block',
      color: palette.text.secondary,
    },
    [`& .${c.code}`]: {
      fontFamily: 'monospace',
      fontSize: theme.typography.pxToRem(13),
      wordBreak: 'break-all',
    },
    [`& .${c.check}`]: checkStyles(theme),
    [`& .${c.link}`]: {
      color: palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
    },
    [`& .${c.chip}`]: chipStyles(theme),
  };
});
