import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { reviewingText } from './live-events';

interface Props {
  /** Who reviews the active item. */
  reviewer: string;
  /** "message 187 from Ethan Brooks" */
  itemName: string;
  /** Omitted when the moderator may not decide items (the notice only informs). */
  onTakeOver?: () => Promise<void>;
}

/**
 * Beside the list when the item under the cursor is someone else's: who reviews it, and for those who
 * may decide, Take over, after a confirm that says what it does.
 */
export function ClaimNotice({ reviewer, itemName, onTakeOver }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 1 }}
        action={
          onTakeOver ? (
            <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
              Take over
            </Button>
          ) : undefined
        }
      >
        {reviewingText(reviewer)} {itemName}.
      </Alert>
      {confirming && onTakeOver ? (
        <ConfirmDialog
          open
          title={`Take over from ${reviewer}?`}
          confirmLabel="Take over"
          pending={pending}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setPending(true);
            void onTakeOver().finally(() => {
              setPending(false);
              setConfirming(false);
            });
          }}
        >
          <Typography gutterBottom>
            {reviewer} is reviewing {itemName}. Taking over makes it yours: {reviewer} sees that you
            review it now.
          </Typography>
          <Typography color="textSecondary">
            The audit trail records that you took it over from {reviewer}.
          </Typography>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
