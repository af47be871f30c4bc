import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { decidedText, deciderName, type Conflict } from './decided-elsewhere';
import { receiverOf, shortName } from '../item-info';

/** The confirm button's label when the moderator decides over someone else's decision. */
export const overrideLabels = {
  approve: 'Override and approve',
  reject: 'Override and reject',
  delete: 'Override and delete',
} as const;

/** What deciding over their decision changes, in words. */
export function consequence({ kind, item, decided }: Conflict): string {
  const to = receiverOf(item.message);
  const receiver = to.isGroup ? `group ${to.name}` : to.name;
  if (kind === 'approve')
    return `Approving it now delivers it to ${receiver} at once; their rejection no longer stands.`;
  const already =
    decided.status === 'approved'
      ? ` It was delivered to ${receiver} when it was approved, and that cannot be undone.`
      : '';
  return kind === 'reject'
    ? `Rejecting it now marks it rejected instead of approved.${already}`
    : `Deleting it now also marks it rejected instead of approved.${already}`;
}

/** The confirm before deciding over someone else's decision: whose, when, and what changes. */
export function OverrideDialog({
  conflict,
  onConfirm,
  onClose,
}: {
  conflict: Conflict;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const who = deciderName(conflict.decided);
  return (
    <ConfirmDialog
      open
      title={`Override ${who}'s decision?`}
      confirmLabel={overrideLabels[conflict.kind]}
      onConfirm={onConfirm}
      onClose={onClose}
      destructive={conflict.kind === 'approve'}
    >
      <Typography gutterBottom>
        {decidedText(conflict.decided)}: {shortName(conflict.item)}.
      </Typography>
      <Typography gutterBottom>{consequence(conflict)}</Typography>
      <Typography color="textSecondary">
        The audit trail records that you overrode {who}&apos;s decision.
      </Typography>
    </ConfirmDialog>
  );
}
