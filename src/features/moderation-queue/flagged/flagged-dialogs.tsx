import type { Explanation } from '@/api/explanation';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import { KeysDialog } from '../review/keys-dialog';
import { FlagConflictDialog } from './flag-conflict-dialog';
import { FlagReviewDialog } from './flag-review-dialog';
import { flaggedKeyRows } from './flagged-keys';
import type { FlagConflict } from './use-flag-conflicts';
import type { FlagKind } from './use-flag-review';

export type FlaggedDialog = { kind: FlagKind; items: readonly FlaggedMessage[] } | 'keys' | null;

interface Props {
  dialog: FlaggedDialog;
  conflict: FlagConflict | undefined;
  readOnly: string | undefined;
  onClose: () => void;
  onConfirm: (kind: FlagKind, items: readonly FlaggedMessage[], why?: Explanation) => void;
  onKeep: (conflict: FlagConflict) => void;
  onOverride: (conflict: FlagConflict) => void;
}

/** Someone else's review to keep or override, the key help, and the confirm of a review. */
export function FlaggedDialogs({
  dialog,
  conflict,
  readOnly,
  onClose,
  onConfirm,
  onKeep,
  onOverride,
}: Props) {
  return (
    <>
      {conflict ? (
        <FlagConflictDialog
          conflict={conflict}
          onKeep={() => onKeep(conflict)}
          onOverride={() => onOverride(conflict)}
        />
      ) : null}
      {dialog === 'keys' ? (
        <KeysDialog rows={flaggedKeyRows} readOnlyReason={readOnly} onClose={onClose} />
      ) : dialog ? (
        <FlagReviewDialog
          kind={dialog.kind}
          items={dialog.items}
          onClose={onClose}
          onConfirm={(why) => onConfirm(dialog.kind, dialog.items, why)}
        />
      ) : null}
    </>
  );
}
