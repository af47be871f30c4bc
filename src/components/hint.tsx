import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

/**
 * A tooltip that is only there while it has something to say: most are a reason a control is off,
 * empty for the operators allowed to use it. MUI's tooltip keeps its child's node in state set while
 * the page is committed, which re-renders the page at once and runs every effect of the page in that
 * same task; an empty one would pay that for nothing.
 */
export function Hint({
  title,
  children,
  ...rest
}: Omit<TooltipProps, 'title'> & { title: string | null | undefined }) {
  if (!title) return children;
  return (
    <Tooltip title={title} {...rest}>
      {children}
    </Tooltip>
  );
}
