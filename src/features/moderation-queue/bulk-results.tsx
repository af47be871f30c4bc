import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { describeError } from '@/api/errors';
import type { ItemResult, ReviewKind } from './mutations';
import { shortName } from './item-info';

const pastTense: Record<ReviewKind, string> = { approve: 'approved', reject: 'rejected', delete: 'deleted' };

/** "4 approved, 1 failed" — a true count, then each failure with its reason in plain words. */
export function summarize(kind: ReviewKind, results: readonly ItemResult[]): string {
  const done = results.filter((r) => r.ok).length;
  const failed = results.length - done;
  return `${done} ${pastTense[kind]}${failed ? `, ${failed} failed` : ''}.`;
}

export function BulkResults({ kind, results, onClose }: { kind: ReviewKind; results: readonly ItemResult[]; onClose: () => void }) {
  const failures = results.filter((r) => !r.ok);
  return (
    <Alert severity={failures.length === 0 ? 'success' : 'warning'} onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{summarize(kind, results)}</AlertTitle>
      {failures.length > 0 ? (
        <>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {failures.map((r) => (
              <li key={r.item.message.id}>
                Failed to {kind} {shortName(r.item)}: {r.ok ? '' : describeError(r.error)}
              </li>
            ))}
          </Box>
          <Box component="p" sx={{ mb: 0, mt: 1 }}>
            The failed {failures.length === 1 ? 'message is' : 'messages are'} back in the queue and still selected, ready to retry.
          </Box>
        </>
      ) : null}
    </Alert>
  );
}
