import type { RefObject } from 'react';
import type { useNotify } from '@/components/notifier';
import { itemId } from '../item-info';
import { useReviewKeys } from '../review/use-review-keys';
import { queueKeys } from './queue-keys';
import type { QueueDecisions, QueueDialog, QueuePermissions } from './use-queue-decisions';
import type { QueueItems } from './use-queue-items';

interface Options {
  queue: QueueItems;
  decisions: QueueDecisions;
  permissions: QueuePermissions;
  listRef: RefObject<HTMLUListElement | null>;
  notify: ReturnType<typeof useNotify>;
  setPanelOpen: (open: boolean) => void;
  setDialog: (dialog: QueueDialog) => void;
}

/**
 * The blocked queue's keys and selection: j/k move, o opens the conversation, x selects, a/r/d
 * decide, Shift+R rejects with a note, ? shows the keys. An item decided elsewhere cannot be
 * selected; a read-only operator is told why.
 */
export function useQueueShortcuts(options: Options) {
  const { queue, decisions, permissions, notify } = options;
  const { cursor, visible, actionable } = queue;
  const selectable = permissions.review === true || permissions.delete === true;

  const toggle = (id: string) => {
    const item = visible.find((i) => itemId(i) === id);
    if (item && !actionable(item)) decisions.notifyGone(item);
    else cursor.toggle(id);
  };
  const { onListKey } = useReviewKeys({
    keys: queueKeys,
    listRef: options.listRef,
    onNav: (action) => {
      if (action === 'help') options.setDialog({ kind: 'shortcuts' });
      else if (action === 'close') options.setPanelOpen(false);
      else if (action === 'open') options.setPanelOpen(visible.length > 0);
      else if (action === 'previous') cursor.move(-1);
      else if (action === 'next') cursor.move(1);
      else if (!selectable)
        notify(
          `Selecting is for bulk actions, and the queue is read-only for you. ${permissions.review === true ? '' : permissions.review}`,
          'info',
        );
      else if (cursor.active) toggle(itemId(cursor.active));
    },
    onDecision: (key) =>
      key === 'rejectWithNote' ? decisions.act('reject', true) : decisions.act(key),
  });
  return { selectable, toggle, onListKey };
}
