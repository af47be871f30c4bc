import { describeError } from '@/api/errors';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { ToastAction } from '@/components/toast';
import { receiverOf, shortName } from '../item-info';
import type { ItemResult, ReviewKind } from '../review-request';
import { unknownOutcomeWords } from '../review/bulk-results';
import { checkReview, type ReviewFinding } from './review-check';

type Notify = (
  message: string,
  severity?: 'success' | 'info' | 'warning' | 'error',
  action?: ToastAction,
) => void;

export const verbs: Record<ReviewKind, string> = {
  approve: 'approve',
  reject: 'reject',
  delete: 'delete',
};
export const pastTense: Record<ReviewKind, string> = {
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
};

/** What a check found, in words; `decided` when the item no longer waits in the queue. */
export function findingWords(
  kind: ReviewKind,
  item: BlockedMessage,
  finding: ReviewFinding,
  permanent: boolean,
): { text: string; decided: boolean } {
  const name = shortName(item);
  if (finding.state === 'applied') {
    const to = receiverOf(item.message);
    const after =
      kind === 'approve'
        ? ` It was delivered to ${to.isGroup ? `group ${to.name}` : to.name}.`
        : '';
    return {
      text: `Checked: ${name} is ${pastTense[kind]}${kind === 'delete' && permanent ? ' permanently' : ''}.${after}`,
      decided: true,
    };
  }
  if (finding.state === 'decided-otherwise')
    return {
      text: `Checked: ${name} is ${finding.decision}, not ${pastTense[kind]}: it was decided the other way.`,
      decided: true,
    };
  return {
    text: `Checked: ${name} was not ${pastTense[kind]}; it is still in the queue and can be ${pastTense[kind]} again.`,
    decided: false,
  };
}

/**
 * Re-reads an item whose action had no definite answer and says what the service holds. An item
 * found decided leaves the queue (`settle`); a check that fails can be run again.
 */
export function checkNowAction(
  notify: Notify,
  kind: ReviewKind,
  item: BlockedMessage,
  permanent: boolean,
  settle: (ids: string[]) => void,
): ToastAction {
  const action: ToastAction = {
    label: 'Check now',
    onClick: () => {
      notify(`Checking ${shortName(item)}…`, 'info');
      checkReview(kind, item, permanent).then(
        (finding) => {
          const { text, decided } = findingWords(kind, item, finding, permanent);
          if (decided) settle([item.message.id]);
          notify(text, decided ? 'success' : 'info');
        },
        (error: unknown) =>
          notify(`Could not check ${shortName(item)}: ${describeError(error)}`, 'error', action),
      );
    },
  };
  return action;
}

/**
 * The toast after a single-item action: what happened, in words. A refusal says why and that the item
 * is back in the queue; an action whose answer never came says so and offers Check now.
 */
export function reportSingle(
  notify: Notify,
  kind: ReviewKind,
  results: readonly ItemResult[],
  permanent: boolean,
  settle: (ids: string[]) => void,
) {
  const [result] = results;
  if (!result) return;
  const name = shortName(result.item);
  if (!result.ok && result.uncertain) {
    notify(
      `${unknownOutcomeWords} (${verbs[kind]} ${name}: ${describeError(result.error)})`,
      'warning',
      checkNowAction(notify, kind, result.item, permanent, settle),
    );
    return;
  }
  if (!result.ok) {
    notify(
      `Could not ${verbs[kind]} ${name}: ${describeError(result.error)} It is back in the queue.`,
      'error',
    );
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

/**
 * Checks every item of a bulk action whose outcome is unknown, one at a time: the decided ones leave
 * the queue, the others are selected for a retry, and one toast says what was found.
 */
export async function checkBulk(
  notify: Notify,
  kind: ReviewKind,
  items: readonly BlockedMessage[],
  permanent: boolean,
  settle: (ids: string[]) => void,
  select: (ids: string[]) => void,
) {
  const decided: string[] = [];
  const open: string[] = [];
  let unreadable = 0;
  for (const item of items) {
    try {
      const finding = await checkReview(kind, item, permanent);
      (findingWords(kind, item, finding, permanent).decided ? decided : open).push(item.message.id);
    } catch {
      unreadable++;
    }
  }
  settle(decided);
  select(open);
  const parts = [
    `${decided.length} already decided`,
    `${open.length} not ${pastTense[kind]} (selected, ready to retry)`,
  ];
  if (unreadable) parts.push(`${unreadable} could not be read`);
  notify(`Checked ${items.length}: ${parts.join(', ')}.`, unreadable ? 'warning' : 'info');
}
