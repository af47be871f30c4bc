import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Explanation } from '@/api/explanation';
import { approveFlaggedMessage, blockFlaggedMessage } from '@/api/flagged-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';
import type { ItemOutcome } from '../review/bulk-results';
import { decideEach } from '../review/decide-each';

/** Approve keeps the message visible; block hides it (the service's `disapproved`). */
export type FlagKind = 'approve' | 'block';

export type FlagResult = ItemOutcome<FlaggedMessage>;

export const flagId = (item: FlaggedMessage) => item.id;

export const flagVerbs: Record<FlagKind, { verb: string; past: string }> = {
  approve: { verb: 'approve', past: 'approved' },
  block: { verb: 'block', past: 'blocked' },
};

const without = (set: ReadonlySet<string>, ids: readonly string[]) =>
  new Set([...set].filter((id) => !ids.includes(id)));

/**
 * Reviews flagged items, one call per item (a few at a time), once per gesture. `busy` holds the ids
 * in flight (their controls are inert); `done` the ids decided here, hidden until the list drops them.
 */
export function useFlagReview() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());

  const review = async (
    kind: FlagKind,
    items: readonly FlaggedMessage[],
    explanation?: Explanation,
    /** Over a review someone else made since (after the moderator confirmed the override). */
    override = false,
  ): Promise<FlagResult[]> => {
    const ids = items.map((item) => item.id);
    setBusy((set) => new Set([...set, ...ids]));
    const call = kind === 'approve' ? approveFlaggedMessage : blockFlaggedMessage;
    const results = await decideEach(
      items,
      flagId,
      (item) => () => call(item.id, { explanation, override }),
    );
    const decided = results.filter((r) => r.ok).map((r) => r.item.id);
    setDone((set) => new Set([...set, ...decided]));
    setBusy((set) => without(set, ids));
    await queryClient.invalidateQueries({ queryKey: flaggedMessageQueries.all() });
    return results;
  };

  return { busy, done, review };
}
