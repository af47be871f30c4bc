import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Apart from the error and empty states: the shell shows it on the first load, they load with pages. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-label={label} />
      <Typography color="textSecondary">{label}…</Typography>
    </Box>
  );
}
