import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { useUnsavedInput } from '@/components/leave-warning';
import type { Explanation } from '@/api/explanation';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { formatRelative } from '@/utils/format';
import { receiverOf, senderOf } from '../item-info';
import { messageSummary } from '../message-content';
import type { ReviewKind } from '../review-request';
import { overrideLabels } from './override-dialog';
import { DialogDecisions, unanswered, type DecidedInDialog } from './dialog-decisions';
import {
  DecisionExplanation,
  draftTooLong,
  emptyDraft,
  explanationOf,
  useReasonList,
} from './decision-explanation';

export interface ReviewDialogRequest {
  kind: ReviewKind;
  items: readonly BlockedMessage[];
}

interface Props {
  request: ReviewDialogRequest;
  mayDeletePermanently: boolean;
  /** Items someone else decided since the dialog opened; each waits for Keep or Override. */
  decided?: DecidedInDialog;
  /** The moderator keeps someone else's decision on an item: it leaves the request and the queue. */
  onKeep?: (item: BlockedMessage) => void;
  /** `overridden`: items to decide over someone else's decision, as the moderator chose. */
  onConfirm: (
    permanent: boolean,
    explanation: Explanation | undefined,
    overridden: ReadonlySet<string>,
  ) => void;
  onClose: () => void;
}

const noDecisions: DecidedInDialog = new Map();

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function confirmLabel(kind: ReviewKind, count: number, permanent: boolean): string {
  const what = count === 1 ? 'message' : plural(count, 'message');
  if (kind === 'approve')
    return count === 1 ? 'Approve and deliver' : `Approve and deliver ${what}`;
  if (kind === 'reject') return `Reject ${what}`;
  return permanent ? `Delete ${what} permanently` : `Delete ${what}`;
}

function Explanation({
  kind,
  items,
  permanent,
}: {
  kind: ReviewKind;
  items: readonly BlockedMessage[];
  permanent: boolean;
}) {
  const [first] = items;
  if (!first) return null;
  const oldest = Math.min(...items.map((i) => i.message.sentAt));
  if (kind === 'approve') {
    const to = receiverOf(first.message);
    return items.length === 1 ? (
      <Typography>
        The message from <strong>{senderOf(first.message).name}</strong> will be{' '}
        <strong>delivered now</strong> to {to.isGroup ? `the group ${to.name}` : to.name}. It was
        sent {formatRelative(first.message.sentAt)}, so it arrives late and may read out of context
        after the messages that followed it. Delivery cannot be undone.
      </Typography>
    ) : (
      <Typography>
        These {items.length} messages will be <strong>delivered now</strong> to their receivers. The
        oldest was sent {formatRelative(oldest)}, so they arrive late and may read out of context.
        Delivery cannot be undone.
      </Typography>
    );
  }
  if (kind === 'reject') {
    return (
      <Typography>
        {items.length === 1 ? 'The message stays' : `These ${items.length} messages stay`} blocked
        and {items.length === 1 ? 'is' : 'are'} marked reviewed: receivers never see{' '}
        {items.length === 1 ? 'it' : 'them'}.
      </Typography>
    );
  }
  return permanent ? (
    <Typography>
      {items.length === 1 ? 'The message is' : `These ${items.length} messages are`}{' '}
      <strong>removed from the chat service permanently</strong>. Nothing is kept, and this cannot
      be undone.
    </Typography>
  ) : (
    <Typography>
      {items.length === 1 ? 'The message is' : `These ${items.length} messages are`}{' '}
      <strong>soft deleted</strong>: marked deleted and hidden from the conversation, while the chat
      service keeps a record of {items.length === 1 ? 'it' : 'them'}. An admin can still delete{' '}
      {items.length === 1 ? 'it' : 'them'} permanently later.
    </Typography>
  );
}

/** The confirm step of approve, delete and bulk reject. The confirm button has focus, so Enter accepts. */
export function ReviewDialog({
  request,
  mayDeletePermanently,
  decided = noDecisions,
  onKeep,
  onConfirm,
  onClose,
}: Props) {
  const titleId = useId();
  const bodyId = useId();
  const [permanent, setPermanent] = useState(false);
  const [overridden, setOverridden] = useState<ReadonlySet<string>>(() => new Set());
  const [draft, setDraft] = useState(emptyDraft);
  useUnsavedInput(
    draft.note !== '' || draft.reasonId !== '',
    'The reason and note of this decision',
  );
  const reasons = useReasonList();
  const { kind, items } = request;
  const focusConfirm = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);
  const title =
    kind === 'approve'
      ? items.length === 1
        ? 'Approve and deliver this message?'
        : `Approve and deliver ${plural(items.length, 'message')}?`
      : kind === 'reject'
        ? `Reject ${plural(items.length, 'message')}?`
        : items.length === 1
          ? 'Delete this message?'
          : `Delete ${plural(items.length, 'message')}?`;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogDecisions
          kind={kind}
          items={items}
          decided={decided}
          overridden={overridden}
          onKeep={(item) => onKeep?.(item)}
          onOverride={(item) => setOverridden((ids) => new Set(ids).add(item.message.id))}
        />
        <div id={bodyId}>
          <Explanation kind={kind} items={items} permanent={permanent} />
        </div>
        <Typography
          component="ul"
          variant="body2"
          color="textSecondary"
          sx={{ mt: 1.5, mb: 0, pl: 2.5 }}
        >
          {items.slice(0, 5).map((item) => (
            <li key={item.message.id}>
              {senderOf(item.message).name}: “{messageSummary(item.message, 70)}”
            </li>
          ))}
          {items.length > 5 ? <li>and {items.length - 5} more</li> : null}
        </Typography>
        {kind === 'delete' && mayDeletePermanently ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={permanent}
                onChange={(event) => setPermanent(event.target.checked)}
              />
            }
            label="Delete permanently (admins only; cannot be undone)"
          />
        ) : null}
        {kind === 'delete' && permanent ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Permanent deletion removes every trace of{' '}
            {items.length === 1 ? 'this message' : 'these messages'} from the chat service.
          </Alert>
        ) : null}
        <DecisionExplanation draft={draft} onChange={setDraft} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          ref={focusConfirm}
          variant="contained"
          color={kind === 'approve' ? 'primary' : 'error'}
          disabled={draftTooLong(draft) || unanswered(items, decided, overridden).length > 0}
          onClick={() =>
            onConfirm(kind === 'delete' && permanent, explanationOf(draft, reasons), overridden)
          }
        >
          {items.length === 1 && items.every((item) => overridden.has(item.message.id))
            ? overrideLabels[kind]
            : confirmLabel(kind, items.length, kind === 'delete' && permanent)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
