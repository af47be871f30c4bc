import { useState } from 'react';
import type { Explanation } from '@/api/explanation';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import type { Notify } from '@/components/notifier';
import {
  decidedElsewhereOf,
  decidedText,
  deciderName,
  goneNote,
  type DecidedElsewhere,
} from '../queue/decided-elsewhere';
import { flagName } from './flag-review-dialog';
import type { FlagKind, FlagResult } from './use-flag-review';
import { upperFirst } from '@/utils/format';

/** A review refused because someone else reviewed the flag the other way since. */
export interface FlagConflict {
  item: FlaggedMessage;
  kind: FlagKind;
  decided: DecidedElsewhere;
  explanation: Explanation | undefined;
}

/** The decision in the flagged queue's words: hiding a flagged message is blocking it. */
export const flagDecisionWord = (decided: DecidedElsewhere) =>
  decided.status === 'rejected' ? 'blocked' : decided.status;

/** `Already blocked by sam at 14:02`. */
export const flagDecidedText = (decided: DecidedElsewhere) =>
  decidedText(decided, new Date(), flagDecisionWord(decided));

/** `Blocked by sam at 14:02`: `goneNote` in the flagged queue's words. */
export const flagGoneNote = (note: string | undefined, decided: DecidedElsewhere | undefined) =>
  goneNote(note, decided, decided && flagDecisionWord(decided));

const wanted = (kind: FlagKind) => (kind === 'approve' ? 'approved' : 'rejected');

/**
 * Reviews of flags someone else reviewed since the moderator saw them. Reviewed the way the
 * moderator wanted (or deleted, for a block): nothing is left to do and the item leaves with a note.
 * Reviewed the other way: the moderator keeps that decision (the item leaves) or overrides it.
 */
export function useFlagConflicts(notify: Notify) {
  const [conflicts, setConflicts] = useState<readonly FlagConflict[]>([]);
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const leave = (ids: readonly string[]) => {
    setKept((set) => new Set([...set, ...ids]));
    setConflicts((list) => list.filter((c) => !ids.includes(c.item.id)));
  };

  return {
    /** The first conflict waits for the moderator's choice. */
    current: conflicts[0],
    /** Ids of items that left because someone else's review stands. */
    kept,
    /** Reads a review's results; returns those left for the usual report. */
    take(kind: FlagKind, results: readonly FlagResult[], explanation?: Explanation): FlagResult[] {
      const rest: FlagResult[] = [];
      const found: FlagConflict[] = [];
      const settled: string[] = [];
      for (const result of results) {
        const decided = result.ok ? undefined : decidedElsewhereOf(result.error);
        if (!decided) rest.push(result);
        else if (
          decided.status === wanted(kind) ||
          (kind === 'block' && decided.status === 'deleted')
        ) {
          settled.push(result.item.id);
          notify(
            `${upperFirst(flagName(result.item))}: ${flagDecidedText(decided)}, so there is nothing left to do. It leaves the queue.`,
            'info',
          );
        } else found.push({ item: result.item, kind, decided, explanation });
      }
      if (settled.length > 0) leave(settled);
      const acted = new Set(results.map((r) => r.item.id));
      setConflicts((list) => [...list.filter((c) => !acted.has(c.item.id)), ...found]);
      return rest;
    },
    keep(conflict: FlagConflict) {
      leave([conflict.item.id]);
      notify(
        `Kept ${deciderName(conflict.decided)}'s decision: ${flagName(conflict.item)} leaves the queue.`,
        'info',
      );
    },
    /** The moderator chose to override: the conflict is resolved by the review sent again. */
    resolve(conflict: FlagConflict) {
      setConflicts((list) => list.filter((c) => c.item.id !== conflict.item.id));
    },
  };
}
