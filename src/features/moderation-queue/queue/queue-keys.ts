import type { ReviewKind } from '../review-request';
import { navRows, selectRows, type KeyRows } from '../review/keys-dialog';
import { listKeys, navLetters, type KeyMap } from '../review/shortcuts';

/** The blocked queue's decisions by key; Shift+R rejects through the dialog, for a reason or a note. */
export type QueueDecisionKey = ReviewKind | 'rejectWithNote';

export const queueKeys: KeyMap<QueueDecisionKey> = {
  letters: { ...navLetters, a: 'approve', r: 'reject', R: 'rejectWithNote', d: 'delete' },
  list: listKeys,
};

export const queueKeyRows: KeyRows = [
  ...navRows,
  [['a'], 'Approve and deliver (asks first; Enter confirms)'],
  [['r'], 'Reject: keep it blocked, mark it reviewed (no confirm)'],
  [['Shift+R'], 'Reject with a reason or a note (asks first)'],
  [['d'], 'Delete (asks first; Enter confirms)'],
  ...selectRows,
];
