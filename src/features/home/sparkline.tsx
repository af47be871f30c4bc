import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { sparklinePoints } from './sparkline-points';

/**
 * A tiny trend line drawn as inline SVG (no chart library on the home page). The label says in words
 * what it shows; fewer than two values draw no line but say there is no trend yet.
 */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 32,
}: {
  values: readonly (number | null)[];
  label: string;
  width?: number;
  height?: number;
}) {
  const points = sparklinePoints(values, width, height);
  if (!points) {
    return (
      <Typography variant="caption" color="textSecondary" sx={{ lineHeight: `${height}px` }}>
        no trend yet
      </Typography>
    );
  }
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      sx={{ width, height, display: 'block', color: 'primary.main' }}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </Box>
  );
}
