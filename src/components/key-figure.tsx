import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One key figure: its label, the value in large type with `beside` it (a sparkline), a note under it. */
export function KeyFigure({
  label,
  value,
  note,
  beside,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  beside?: ReactNode;
}) {
  const shown = (
    <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2 }}>
      {value}
    </Typography>
  );
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      {beside ? (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
          {shown}
          {beside}
        </Box>
      ) : (
        shown
      )}
      {note ? (
        <Typography variant="caption" color="textSecondary">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}
