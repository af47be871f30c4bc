import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/api-error';
import { claimQueueItem, releaseQueueItem, releaseQueueItemOnLeave } from '@/api/live-queue';
import { queueClaimQueries } from '@/api/queries/queue-claims';

/** The cursor may pass over items quickly; only one it stays on this long is claimed. */
const settleMs = 400;

/**
 * Claims the item the moderator is on (when they may decide it), renews the claim at half its
 * length while they stay, and gives it back when they move on, leave the page or close the tab. A
 * claim someone else holds is not taken: the claims query shows who reviews it.
 */
export function useClaim(messageId: string | undefined, enabled: boolean, claimSeconds: number) {
  const queryClient = useQueryClient();
  const held = useRef<string | undefined>(undefined);
  // Bumped after a take-over, so the claim is renewed and released like one of the moderator's own.
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled || !messageId) return;
    let renew: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    const claim = async () => {
      try {
        await claimQueueItem(messageId);
        if (gone) return;
        held.current = messageId;
        renew = setTimeout(() => void claim(), (claimSeconds * 1000) / 2);
      } catch (error) {
        // Held by someone else: the claims show it; anything else only means no claim for now.
        if (error instanceof ApiError && error.code === 'CONSOLE_CLAIMED')
          void queryClient.invalidateQueries({ queryKey: queueClaimQueries.all() });
      }
    };
    const start = setTimeout(() => void claim(), settleMs);
    const onLeave = () => {
      if (held.current === messageId) releaseQueueItemOnLeave(messageId);
    };
    window.addEventListener('pagehide', onLeave);
    return () => {
      gone = true;
      clearTimeout(start);
      clearTimeout(renew);
      window.removeEventListener('pagehide', onLeave);
      if (held.current === messageId) {
        held.current = undefined;
        void releaseQueueItem(messageId).catch(() => undefined);
      }
    };
  }, [messageId, enabled, claimSeconds, queryClient, round]);

  return { retake: () => setRound((n) => n + 1) };
}
