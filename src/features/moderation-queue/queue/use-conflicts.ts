import { useState } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import {
  decidedText,
  deciderName,
  sortConflicts,
  type Conflict,
  type DecidedElsewhere,
} from './decided-elsewhere';
import { itemId, shortName } from '../item-info';
import type { ItemResult, ReviewKind } from '../review-request';
import { upperFirst } from '@/utils/format';

type Notify = (message: string, severity?: 'success' | 'info' | 'warning' | 'error') => void;

/**
 * Decisions the queue learns were taken by someone else. Taken the way the moderator wanted: the
 * item leaves with a note. Taken the other way: the item stays with the decision shown, until the
 * moderator keeps it (the item leaves) or overrides it (after a confirm).
 */
export function useConflicts(notify: Notify, settle: (ids: string[]) => void) {
  const [conflicts, setConflicts] = useState<readonly Conflict[]>([]);
  const [overriding, setOverriding] = useState<Conflict | null>(null);
  const without = (ids: ReadonlySet<string>) =>
    setConflicts((list) => list.filter((c) => !ids.has(itemId(c.item))));
  const keepItem = (item: BlockedMessage, decided: DecidedElsewhere | null) => {
    without(new Set([itemId(item)]));
    settle([itemId(item)]);
    const whose = decided ? `${deciderName(decided)}'s decision` : 'the decision taken elsewhere';
    notify(`Kept ${whose}: ${shortName(item)} leaves the queue.`, 'info');
  };

  return {
    conflicts,
    overriding,
    /** Reads an action's results; returns those left for the usual report. */
    take: (kind: ReviewKind, results: readonly ItemResult[]): ItemResult[] => {
      const sorted = sortConflicts(kind, results);
      for (const { item, decided } of sorted.settled) {
        notify(
          `${upperFirst(shortName(item))}: ${decidedText(decided)}, so there is nothing left to do. It leaves the queue.`,
          'info',
        );
      }
      const acted = new Set(results.map((r) => itemId(r.item)));
      setConflicts((list) => [
        ...list.filter((c) => !acted.has(itemId(c.item))),
        ...sorted.conflicts,
      ]);
      return sorted.others;
    },
    keep: (conflict: Conflict) => keepItem(conflict.item, conflict.decided),
    /** The same from an open dialog, where who decided may not be known (null). */
    keepItem,
    askOverride: (conflict: Conflict) => setOverriding(conflict),
    cancelOverride: () => setOverriding(null),
    /** The moderator confirmed: the conflict is resolved by the action sent again with the override. */
    confirmOverride: (conflict: Conflict) => {
      setOverriding(null);
      without(new Set([itemId(conflict.item)]));
    },
  };
}
