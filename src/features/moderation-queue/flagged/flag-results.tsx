import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { describeError } from '@/api/errors';
import { senderOf } from '../item-info';
import { unknownOutcomeWords } from '../queue/review-feedback';
import type { FlagKind, FlagResult } from './use-flag-review';

const pastTense: Record<FlagKind, string> = { approve: 'approved', block: 'blocked' };

/** "4 blocked, 1 unknown, 1 failed". */
export function summarizeFlags(kind: FlagKind, results: readonly FlagResult[]): string {
  const done = results.filter((r) => r.ok).length;
  const unknown = results.filter((r) => !r.ok && r.uncertain).length;
  const failed = results.length - done - unknown;
  return `${done} ${pastTense[kind]}${unknown ? `, ${unknown} unknown` : ''}${failed ? `, ${failed} failed` : ''}.`;
}

export const flagName = (item: FlagResult['item']) =>
  `message ${item.id} from ${senderOf(item).name}`;

/** The outcome of a review, item by item where something went wrong. */
export function FlagResults({
  kind,
  results,
  onClose,
}: {
  kind: FlagKind;
  results: readonly FlagResult[];
  onClose: () => void;
}) {
  const problems = results.filter((r) => !r.ok);
  return (
    <Alert
      severity={problems.length === 0 ? 'success' : 'warning'}
      onClose={onClose}
      sx={{ mb: 2 }}
    >
      <AlertTitle>{summarizeFlags(kind, results)}</AlertTitle>
      {problems.some((r) => !r.ok && r.uncertain) ? (
        <Box component="p" sx={{ mt: 0, mb: 0.5 }}>
          {unknownOutcomeWords}
        </Box>
      ) : null}
      {problems.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((r) => (
            <li key={r.item.id}>
              {r.ok
                ? ''
                : `${r.uncertain ? 'Unknown whether' : 'Failed to'} ${kind} ${flagName(r.item)}${r.uncertain ? ' went through' : ''}: ${describeError(r.error)}`}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
