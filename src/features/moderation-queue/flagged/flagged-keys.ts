import { navRows, selectRows, type KeyRows } from '../review/keys-dialog';
import { listKeys, navLetters, type KeyMap } from '../review/shortcuts';
import type { FlagKind } from './use-flag-review';

/** `b` blocks where the blocked queue's `r` rejects; `r` and `d` mean nothing here. */
export const flaggedKeys: KeyMap<FlagKind> = {
  letters: { ...navLetters, a: 'approve', b: 'block', B: 'block' },
  list: listKeys,
};

export const flaggedKeyRows: KeyRows = [
  ...navRows,
  [['a'], 'Approve: the message stays visible (asks first)'],
  [['b'], 'Block: the message is hidden (asks first)'],
  ...selectRows,
];
