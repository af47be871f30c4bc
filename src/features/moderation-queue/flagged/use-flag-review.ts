import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mayHaveBeenApplied } from '@/api/errors';
import type { Explanation } from '@/api/explanation';
import { approveFlaggedMessage, blockFlaggedMessage } from '@/api/flagged-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import type { FlaggedMessage } from '@/api/schemas/flagged-message';

/** Approve keeps the message visible; block hides it (the service's `disapproved`). */
export type FlagKind = 'approve' | 'block';

/** `uncertain`: the call was sent but its answer never came, so the service may have applied it. */
export type FlagResult =
  | { item: FlaggedMessage; ok: true }
  | { item: FlaggedMessage; ok: false; error: unknown; uncertain: boolean };

/** At most this many calls in flight at once, so a bulk review does not trip the rate limit. */
const concurrency = 4;

async function reviewOne(
  kind: FlagKind,
  item: FlaggedMessage,
  explanation: Explanation | undefined,
): Promise<FlagResult> {
  const call = kind === 'approve' ? approveFlaggedMessage : blockFlaggedMessage;
  try {
    await call(item.id, { explanation });
    return { item, ok: true };
  } catch (error) {
    return { item, ok: false, error, uncertain: mayHaveBeenApplied(error) };
  }
}

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
  ): Promise<FlagResult[]> => {
    const ids = items.map((item) => item.id);
    setBusy((set) => new Set([...set, ...ids]));
    const results: FlagResult[] = [];
    for (let start = 0; start < items.length; start += concurrency) {
      const chunk = items.slice(start, start + concurrency);
      results.push(...(await Promise.all(chunk.map((item) => reviewOne(kind, item, explanation)))));
    }
    const decided = results.filter((r) => r.ok).map((r) => r.item.id);
    setDone((set) => new Set([...set, ...decided]));
    setBusy((set) => without(set, ids));
    await queryClient.invalidateQueries({ queryKey: flaggedMessageQueries.all() });
    return results;
  };

  return { busy, done, review };
}
