import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface Props {
  count: number;
  readOnly: boolean;
  readOnlyReason: string;
  /** Why saving must wait (unapplied JSON edits), or null. */
  blockedReason: string | null;
  busy: boolean;
  onReview: () => void;
  onDiscard: () => void;
}

/** The page's actions: unsaved count, discard (confirmed), and review-and-save. */
export function EditorActions({
  count,
  readOnly,
  readOnlyReason,
  blockedReason,
  busy,
  onReview,
  onDiscard,
}: Props) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const noun = count === 1 ? 'change' : 'changes';
  const saveHint = readOnly
    ? readOnlyReason
    : (blockedReason ?? (count === 0 ? 'No unsaved changes' : ''));
  return (
    <>
      {count > 0 ? (
        <Chip color="secondary" label={`${count} unsaved ${noun}`} sx={{ alignSelf: 'center' }} />
      ) : null}
      {readOnly ? null : (
        <Button disabled={count === 0 || busy} onClick={() => setConfirmDiscard(true)}>
          Discard changes
        </Button>
      )}
      <Tooltip title={saveHint}>
        <span>
          <Button
            variant="contained"
            disabled={readOnly || count === 0 || busy || blockedReason !== null}
            onClick={onReview}
          >
            Review and save
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={confirmDiscard}
        title={`Discard ${count} unsaved ${noun}?`}
        confirmLabel="Discard changes"
        destructive
        onConfirm={() => {
          onDiscard();
          setConfirmDiscard(false);
        }}
        onClose={() => setConfirmDiscard(false)}
      >
        The editor goes back to the values it started from (as reported by the service, or the
        defaults where unknown). Nothing is sent to the service.
      </ConfirmDialog>
    </>
  );
}
