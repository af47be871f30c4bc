import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { describeError } from '@/api/errors';

/** `uncertain`: the call was sent but its answer never came, so the service may have applied it. */
export type ItemOutcome<T> =
  { item: T; ok: true } | { item: T; ok: false; error: unknown; uncertain: boolean };

export const unknownOutcomeWords =
  'Unknown — the service may have applied it; check before retrying.';

/** "4 approved, 1 unknown, 1 failed" — a true count. */
export function summarize(pastTense: string, results: readonly ItemOutcome<unknown>[]): string {
  const done = results.filter((r) => r.ok).length;
  const unknown = results.filter((r) => !r.ok && r.uncertain).length;
  const failed = results.length - done - unknown;
  return `${done} ${pastTense}${unknown ? `, ${unknown} unknown` : ''}${failed ? `, ${failed} failed` : ''}.`;
}

interface Props<T> {
  /** "approve", "block". */
  verb: string;
  /** "approved", "blocked". */
  pastTense: string;
  results: readonly ItemOutcome<T>[];
  idOf: (item: T) => string;
  /** "message 42 from Ann Lee". */
  nameOf: (item: T) => string;
  onClose: () => void;
  /** Re-reads the items whose outcome is unknown, where the queue can. */
  onCheck?: () => void;
}

/** A bulk decision's results in both queues: the count, then each problem with its reason in plain words. */
export function BulkResults<T>({
  verb,
  pastTense,
  results,
  idOf,
  nameOf,
  onClose,
  onCheck,
}: Props<T>) {
  const unknown = results.filter((r) => !r.ok && r.uncertain);
  const failures = results.filter((r) => !r.ok && !r.uncertain);
  const problem = (r: ItemOutcome<T>) => (r.ok ? '' : describeError(r.error));
  return (
    <Alert
      severity={failures.length + unknown.length === 0 ? 'success' : 'warning'}
      onClose={onClose}
      sx={{ mb: 2 }}
    >
      <AlertTitle>{summarize(pastTense, results)}</AlertTitle>
      {unknown.length > 0 ? (
        <>
          <Box component="p" sx={{ mt: 0, mb: 0.5 }}>
            {unknownOutcomeWords}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {unknown.map((r) => (
              <li key={idOf(r.item)}>
                {nameOf(r.item)}: {problem(r)}
              </li>
            ))}
          </Box>
          {onCheck ? (
            <Button size="small" variant="outlined" onClick={onCheck} sx={{ mt: 1 }}>
              Check now
            </Button>
          ) : null}
        </>
      ) : null}
      {failures.length > 0 ? (
        <>
          <Box component="ul" sx={{ m: 0, pl: 2.5, mt: unknown.length > 0 ? 1 : 0 }}>
            {failures.map((r) => (
              <li key={idOf(r.item)}>
                Failed to {verb} {nameOf(r.item)}: {problem(r)}
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
