import { z } from 'zod';
import { can } from '../../../src/api/contract/capabilities';
import { operatorRoleSchema } from '../../../src/api/schemas/session';
import { sessionAbsoluteMs, sessionIdleMs, type SessionInfo } from '../auth/sessions';
import type { ConsoleStore } from '../store/store';

const row = z.object({
  created_at: z.number(),
  last_seen_at: z.number(),
  username: z.string(),
  role: operatorRoleSchema,
});

/**
 * Whether the session an event stream was opened with still holds: not signed out, not expired,
 * the operator not removed and their role unchanged and still allowed to watch. Unlike a request,
 * an open stream does not count as activity, so it never keeps an idle session alive.
 */
export async function sessionHolds(
  store: ConsoleStore,
  session: SessionInfo,
  now: number,
): Promise<boolean> {
  const raw = await store.db
    .selectFrom('sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.created_at', 's.last_seen_at', 'o.username', 'o.role'])
    .where('s.token_hash', '=', session.tokenHash)
    .executeTakeFirst();
  if (raw === undefined) return false;
  const found = row.parse(raw);
  return (
    now - found.last_seen_at < sessionIdleMs &&
    now - found.created_at < sessionAbsoluteMs &&
    found.username === session.username &&
    found.role === session.role &&
    can(found.role, 'readChatData')
  );
}
