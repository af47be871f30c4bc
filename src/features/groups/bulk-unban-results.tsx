import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { describeError } from '@/api/errors';
import { summarizeUnbans, type UnbanResult } from './bulk-unban';

/** A bulk unban's true count, then each problem with its reason in plain words. */
export function BulkUnbanResults({
  results,
  onClose,
}: {
  results: readonly UnbanResult[];
  onClose: () => void;
}) {
  const problems = results.filter((r) => r.status === 'failed' || r.status === 'unknown');
  return (
    <Alert
      severity={problems.length === 0 ? 'success' : 'warning'}
      onClose={onClose}
      sx={{ mb: 2 }}
    >
      <AlertTitle>{summarizeUnbans(results)}</AlertTitle>
      {problems.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((r) =>
            r.status === 'failed' || r.status === 'unknown' ? (
              <li key={r.uid}>
                {r.uid}:{' '}
                {r.status === 'unknown'
                  ? 'no answer came; the service may have unbanned them. Reload the list to check. '
                  : ''}
                {describeError(r.error)}
              </li>
            ) : null,
          )}
        </Box>
      ) : null}
      {problems.some((r) => r.status === 'failed') ? (
        <Box component="p" sx={{ mb: 0 }}>
          The failed ones stay selected, to try again.
        </Box>
      ) : null}
    </Alert>
  );
}
