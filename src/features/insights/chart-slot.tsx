import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

// The charts load after the figures: their tables and key figures never wait for the chart library.
export const DecisionsChart = lazy(async () => ({
  default: (await import('./decision-charts')).DecisionsChart,
}));
export const ModeratorsChart = lazy(async () => ({
  default: (await import('./decision-charts')).ModeratorsChart,
}));
export const QueueChart = lazy(async () => ({
  default: (await import('./queue-chart')).QueueChart,
}));

/**
 * Where a chart goes: it is drawn (and its code loaded) once the slot has a width, so a slot without
 * layout (a hidden section, a document without rendering) costs nothing. The chart is given the
 * slot's width: a chart left to measure itself does so as it mounts and draws again at once, in
 * the same task (the insights page's longest). The slot measures itself after the page's commit,
 * not in it: a width set while React commits re-renders at once, with every effect of the page
 * run first, in the same task (decision 0063).
 */
export function ChartSlot({
  height,
  children,
}: {
  height: number;
  children: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const slot = ref.current;
    if (!slot) return;
    const measure = () => setWidth(slot.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(slot);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} sx={{ minHeight: height }}>
      {width > 0 ? (
        <Suspense
          fallback={
            <Typography
              color="textSecondary"
              sx={{ height, display: 'grid', placeItems: 'center' }}
            >
              Drawing the chart…
            </Typography>
          }
        >
          {children(width)}
        </Suspense>
      ) : null}
    </Box>
  );
}
