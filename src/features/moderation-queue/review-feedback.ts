import { describeError } from '@/api/errors';
import { receiverOf, shortName } from './item-info';
import type { ItemResult, ReviewKind } from './mutations';

type Notify = (message: string, severity?: 'success' | 'info' | 'warning' | 'error') => void;

/** The toast after a single-item action: what happened, in words, or why it failed and that it is back. */
export function reportSingle(notify: Notify, kind: ReviewKind, results: readonly ItemResult[], permanent: boolean) {
  const [result] = results;
  if (!result) return;
  const name = shortName(result.item);
  if (!result.ok) {
    const verb = kind === 'approve' ? 'approve' : kind === 'reject' ? 'reject' : 'delete';
    notify(`Could not ${verb} ${name}: ${describeError(result.error)} It is back in the queue.`, 'error');
    return;
  }
  if (kind === 'approve') {
    const to = receiverOf(result.item.message);
    notify(`Approved ${name}: delivered to ${to.isGroup ? `group ${to.name}` : to.name}.`);
  } else if (kind === 'reject') {
    notify(`Rejected ${name}: it stays blocked.`);
  } else {
    notify(`Deleted ${name}${permanent ? ' permanently' : ''}.`);
  }
}
