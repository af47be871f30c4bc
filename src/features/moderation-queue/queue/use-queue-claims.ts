import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { describeError } from '@/api/errors';
import { takeOverQueueItem } from '@/api/live-queue';
import { queueClaimQueries } from '@/api/queries/queue-claims';
import { sessionQueries } from '@/api/queries/session';
import { othersClaims } from './live-events';

type Notify = (message: string, severity?: 'success' | 'info' | 'warning' | 'error') => void;

/** A claim lasts this long when the console server has not said (its default). */
const defaultClaimSeconds = 300;

/**
 * Who reviews what: others' claims by message id, the moderator's own, and Take over. Fed by the live
 * queue's stream; read with the list's polls while there is no stream (`poll`), first once the list
 * is there (`enabled`), so the list's first answer never waits behind it.
 */
export function useQueueClaims(poll: boolean, enabled: boolean, notify: Notify) {
  const queryClient = useQueryClient();
  const me = useQuery(sessionQueries.current()).data?.username;
  const query = useQuery({ ...queueClaimQueries.list({ poll }), enabled });
  const claims = query.data?.data;
  const reviewers = useMemo(() => othersClaims(claims, me), [claims, me]);
  return {
    reviewers,
    mine: claims?.find((claim) => claim.operator === me)?.messageId,
    claimSeconds: query.data?.claimSeconds ?? defaultClaimSeconds,
    /** Takes the review over, then `after` (the claim hook renews it as the moderator's own). */
    takeOver: async (messageId: string, name: string, after: () => void) => {
      try {
        await takeOverQueueItem(messageId);
        notify(`You are reviewing ${name} now.`, 'success');
        after();
      } catch (error) {
        notify(`${name} could not be taken over: ${describeError(error)}`, 'error');
      }
      await queryClient.invalidateQueries({ queryKey: queueClaimQueries.all() });
    },
  };
}
