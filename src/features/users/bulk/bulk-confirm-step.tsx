import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/utils/format';
import type { BulkAction } from './bulk-batches';
import { bulkBatchSize } from './bulk-batches';

/** Above this many users the operator types the count to confirm. */
export const typedConfirmThreshold = 50;

const consequences: Record<BulkAction, string> = {
  deactivate:
    'Deactivated users can no longer log in and no longer appear in the app’s user lists. Their messages, groups and data are kept, and they can be reactivated.',
  reactivate: 'Reactivated users can log in again and appear in the app’s user lists.',
};

export function BulkConfirmStep(props: {
  action: BulkAction;
  uids: readonly string[];
  typed: string;
  onTypedChange: (value: string) => void;
}) {
  const { action, uids } = props;
  const preview = uids.slice(0, 5);
  return (
    <>
      <Typography sx={{ mb: 2 }}>{consequences[action]}</Typography>
      <Typography sx={{ mb: 1 }}>
        {uids.length === 1 ? 'The user' : `The ${formatCount(uids.length)} users`}:{' '}
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {preview.join(', ')}
        </Box>
        {uids.length > preview.length
          ? ` and ${formatCount(uids.length - preview.length)} more`
          : ''}
        .
      </Typography>
      {uids.length > bulkBatchSize ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          They are sent in batches of {bulkBatchSize}. You can cancel between batches; the summary
          then says what was done.
        </Typography>
      ) : null}
      {uids.length > typedConfirmThreshold ? (
        <TextField
          label={`Type ${uids.length} to confirm`}
          value={props.typed}
          onChange={(event) => props.onTypedChange(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      ) : null}
    </>
  );
}

export const typedCountMatches = (count: number, typed: string) =>
  count <= typedConfirmThreshold || typed.replace(/[\s,.’']/g, '') === String(count);
