import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { auditQueries } from '@/api/queries/audit';
import { useOperator } from '@/features/auth/use-session';

/** How many of the group's latest recorded bans are read for their reasons. */
export const banReasonsRead = 100;

/**
 * The reason of each user's latest ban from the group, as the console recorded it in its audit trail
 * (the chat service keeps none). Only the group's latest recorded bans are read; bans made elsewhere
 * (the service's dashboard, its API) have no reason. Undefined for operators who may not read them.
 */
export function useBanReasons(guid: string): ReadonlyMap<string, string> | undefined {
  const mayRead = useOperator().can('readModerationHistory');
  const bans = useQuery({
    ...auditQueries.list({
      operation: 'bans.add',
      target: guid,
      outcome: 'ok',
      page: 1,
      perPage: banReasonsRead,
    }),
    enabled: mayRead,
  });
  const rows = bans.data?.data;
  return useMemo(() => {
    if (!mayRead) return undefined;
    const reasons = new Map<string, string>();
    // Newest first: the first row of a uid is their latest ban.
    for (const entry of rows ?? []) {
      const uid = entry.targets.uid;
      if (entry.targets.guid !== guid || typeof uid !== 'string' || reasons.has(uid)) continue;
      if (entry.reason) reasons.set(uid, entry.reason);
    }
    return reasons;
  }, [mayRead, rows, guid]);
}
