import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { itemId } from '../item-info';
import { KeysDialog } from '../review/keys-dialog';
import { decidedMeanwhile } from './decided-elsewhere';
import { OverrideDialog } from './override-dialog';
import { queueKeyRows } from './queue-keys';
import { ReviewDialog } from './review-dialog';
import type { QueueDecisions, QueueDialog, QueuePermissions } from './use-queue-decisions';
import type { QueueItems } from './use-queue-items';

interface Props {
  dialog: QueueDialog;
  setDialog: (dialog: QueueDialog) => void;
  queue: QueueItems;
  decisions: QueueDecisions;
  permissions: QueuePermissions;
}

/** The blocked queue's dialogs: its keys, the decision that asks first, and the override. */
export function QueueDialogs({ dialog, setDialog, queue, decisions, permissions }: Props) {
  const { decided } = queue;
  const reviewing = dialog?.kind === 'review' ? dialog.request.items : [];
  // Items of the open dialog someone else decided since it opened: the dialog says so at once.
  const meanwhile = decidedMeanwhile(
    reviewing,
    queue.shownItems.gone,
    queue.liveQueue.decisions,
    decided.conflicts,
  );
  const keep = (item: BlockedMessage) => {
    if (dialog?.kind !== 'review') return;
    decided.keepItem(item, meanwhile.get(itemId(item)) ?? null);
    const items = reviewing.filter((i) => itemId(i) !== itemId(item));
    setDialog(items.length > 0 ? { ...dialog, request: { ...dialog.request, items } } : null);
  };
  return (
    <>
      {dialog?.kind === 'shortcuts' ? (
        <KeysDialog
          rows={queueKeyRows}
          onClose={() => setDialog(null)}
          readOnlyReason={decisions.denied.approve}
        />
      ) : null}
      {decided.overriding ? (
        <OverrideDialog
          conflict={decided.overriding}
          onClose={decided.cancelOverride}
          onConfirm={() => {
            const conflict = decided.overriding;
            if (!conflict) return;
            decided.confirmOverride(conflict);
            void decisions.run({
              kind: conflict.kind,
              items: [conflict.item],
              bulk: false,
              override: true,
            });
          }}
        />
      ) : null}
      {dialog?.kind === 'review' ? (
        <ReviewDialog
          request={dialog.request}
          mayDeletePermanently={permissions.deletePermanently}
          decided={meanwhile}
          onKeep={keep}
          onClose={() => setDialog(null)}
          onConfirm={(permanent, explanation, overridden) => {
            setDialog(null);
            void decisions.run({
              ...dialog.request,
              bulk: dialog.bulk,
              permanent,
              override: overridden,
              explanation,
            });
          }}
        />
      ) : null}
    </>
  );
}
