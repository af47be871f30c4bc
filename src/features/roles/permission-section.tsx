import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One capability (sending messages, calls …): a titled list of key rows. */
export function PermissionSection({
  title,
  summary,
  children,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ px: 2, pt: 2, pb: 0, mb: 2 }}
    >
      <Typography id={headingId} variant="h2" component="h2">
        {title}
      </Typography>
      {summary ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {summary}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ p: 0, m: 0, mt: 1 }}>
        {children}
      </Box>
    </Paper>
  );
}
