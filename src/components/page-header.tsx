import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * After a move to another page (not on the first page of a load), focus goes to its heading, as
 * screen readers expect, and keys reach the page at once (not the navigation link just used). Focus
 * already inside the page, in a field or a dialog, is left where it is.
 */
function useFocusOnArrival() {
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname, key } = useLocation();
  const arrived = key !== 'default';
  useEffect(() => {
    // The first page of a load: the browser starts at the top of the document, as it should.
    if (!arrived) return;
    const active = document.activeElement;
    const main = heading.current?.closest('main');
    if (
      active &&
      active !== document.body &&
      (main?.contains(active) || active.closest('[role="dialog"]'))
    )
      return;
    heading.current?.focus({ preventScroll: true });
  }, [pathname, arrived]);
  return heading;
}

/**
 * The page's one h1, an optional line of context, and its primary actions; also sets the tab title
 * and takes focus when the page is arrived at.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useFocusOnArrival();
  useEffect(() => {
    document.title = `${title} · Chat Admin Console`;
  }, [title]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 3 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography
          ref={heading}
          variant="h1"
          component="h1"
          tabIndex={-1}
          sx={{ '&:focus': { outline: 'none' } }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}
