import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { describeError } from '@/api/errors';
import type { ItemResult, ReviewKind } from '../mutations';
import { shortName } from '../item-info';
import { unknownOutcomeWords } from './review-feedback';

const pastTense: Record<ReviewKind, string> = {
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
};

/** "4 approved, 1 unknown, 1 failed" — a true count, then each problem with its reason in plain words. */
export function summarize(kind: ReviewKind, results: readonly ItemResult[]): string {
  const done = results.filter((r) => r.ok).length;
  const unknown = results.filter((r) => !r.ok && r.uncertain).length;
  const failed = results.length - done - unknown;
  return `${done} ${pastTense[kind]}${unknown ? `, ${unknown} unknown` : ''}${failed ? `, ${failed} failed` : ''}.`;
}

interface Props {
  kind: ReviewKind;
  results: readonly ItemResult[];
  onClose: () => void;
  /** Re-reads the items whose outcome is unknown. */
  onCheck: () => void;
}

export function BulkResults({ kind, results, onClose, onCheck }: Props) {
  const unknown = results.filter((r) => !r.ok && r.uncertain);
  const failures = results.filter((r) => !r.ok && !r.uncertain);
  return (
    <Alert
      severity={failures.length + unknown.length === 0 ? 'success' : 'warning'}
      onClose={onClose}
      sx={{ mb: 2 }}
    >
      <AlertTitle>{summarize(kind, results)}</AlertTitle>
      {unknown.length > 0 ? (
        <>
          <Box component="p" sx={{ mt: 0, mb: 0.5 }}>
            {unknownOutcomeWords}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {unknown.map((r) => (
              <li key={r.item.message.id}>
                {shortName(r.item)}: {r.ok ? '' : describeError(r.error)}
              </li>
            ))}
          </Box>
          <Button size="small" variant="outlined" onClick={onCheck} sx={{ mt: 1 }}>
            Check now
          </Button>
        </>
      ) : null}
      {failures.length > 0 ? (
        <>
          <Box component="ul" sx={{ m: 0, pl: 2.5, mt: unknown.length > 0 ? 1 : 0 }}>
            {failures.map((r) => (
              <li key={r.item.message.id}>
                Failed to {kind} {shortName(r.item)}: {r.ok ? '' : describeError(r.error)}
              </li>
            ))}
          </Box>
          <Box component="p" sx={{ mb: 0, mt: 1 }}>
            The failed {failures.length === 1 ? 'message is' : 'messages are'} back in the queue and
            still selected, ready to retry.
          </Box>
        </>
      ) : null}
    </Alert>
  );
}
