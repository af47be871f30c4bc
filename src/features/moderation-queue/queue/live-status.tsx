import Typography from '@mui/material/Typography';
import type { LiveConnection } from './use-live-queue';
import { upperFirst } from '@/utils/format';

/**
 * How current the list is, said only when it is not simply live: the stream reconnecting, the
 * console server's poller paused (rate limited, the service not answering), or polling instead.
 */
export function LiveStatus({
  connection,
  paused,
}: {
  connection: LiveConnection;
  paused: string | null;
}) {
  const text =
    connection === 'reconnecting' ? 'Reconnecting…' : paused ? `${upperFirst(paused)}.` : '';
  return (
    <Typography role="status" variant="body2" color="textSecondary" sx={{ minHeight: 20, mb: 0.5 }}>
      {text}
    </Typography>
  );
}
