import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

const queues = [
  { key: 'blocked', label: 'Blocked', href: paths.blocked.href() },
  { key: 'flagged', label: 'Flagged', href: paths.flagged.href() },
] as const;

/** The review workspace's two queues, each its own linkable page. */
export function QueueSwitch({ current }: { current: (typeof queues)[number]['key'] }) {
  return (
    <Box component="nav" aria-label="Review queues" sx={{ display: 'flex', gap: 1, mb: 2 }}>
      {queues.map((queue) => (
        <Button
          key={queue.key}
          component={RouterLink}
          to={queue.href}
          size="small"
          variant={queue.key === current ? 'contained' : 'outlined'}
          aria-current={queue.key === current ? 'page' : undefined}
        >
          {queue.label}
        </Button>
      ))}
    </Box>
  );
}
