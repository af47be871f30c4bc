import { Hono } from 'hono';
import {
  deactivateUsersBodySchema,
  reactivateUsersBodySchema,
} from '../../../src/api/schemas/users-bulk';
import { inTransaction, type EmulatorContext } from '../context';
import { findUser } from '../repo/users';
import { sql } from '../statements';
import { parseBody } from '../validation';

/**
 * Each uid once (ids are case-insensitive), with the spelling it was first sent in: the service
 * reports unknown uids as sent and the others as stored (lower case).
 */
function dedupe(uids: readonly string[]): [uid: string, sent: string][] {
  const seen = new Map<string, string>();
  for (const sent of uids) if (!seen.has(sent.toLowerCase())) seen.set(sent.toLowerCase(), sent);
  return [...seen];
}

/** Leaves out empty buckets, as the service does. */
const nonEmpty = (buckets: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(buckets).filter(([, uids]) => uids.length > 0));

/**
 * Deactivation (`DELETE /users` `{ uidsToDeactivate }`) and reactivation (`PUT /users`
 * `{ uidsToActivate }`) of many users at once, answered with a bucket per outcome.
 */
export function usersBulkRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.delete('/', async (c) => {
    const body = await parseBody(c, deactivateUsersBodySchema);
    const result = inTransaction(ctx, () => {
      const buckets = {
        deactivatedUids: [] as string[],
        alreadyDeactivatedUids: [] as string[],
        notFound: [] as string[],
      };
      const now = ctx.nowSeconds();
      const deactivate = sql(
        ctx.db,
        "UPDATE users SET deactivated_at = ?, status = 'offline', updated_at = ? WHERE uid = ?",
      );
      for (const [uid, sent] of dedupe(body.uidsToDeactivate)) {
        const row = findUser(ctx.db, uid);
        if (!row) buckets.notFound.push(sent);
        else if (row.deactivated_at !== null) buckets.alreadyDeactivatedUids.push(uid);
        else {
          deactivate.run(now, now, uid);
          buckets.deactivatedUids.push(uid);
        }
      }
      return buckets;
    });
    return c.json({ data: nonEmpty(result) });
  });

  app.put('/', async (c) => {
    const body = await parseBody(c, reactivateUsersBodySchema);
    const result = inTransaction(ctx, () => {
      const buckets = {
        reactivatedUids: [] as string[],
        nonDeactivatedUids: [] as string[],
        notFound: [] as string[],
      };
      const reactivate = sql(
        ctx.db,
        'UPDATE users SET deactivated_at = NULL, updated_at = ? WHERE uid = ?',
      );
      for (const [uid, sent] of dedupe(body.uidsToActivate)) {
        const row = findUser(ctx.db, uid);
        if (!row) buckets.notFound.push(sent);
        else if (row.deactivated_at === null) buckets.nonDeactivatedUids.push(uid);
        else {
          reactivate.run(ctx.nowSeconds(), uid);
          buckets.reactivatedUids.push(uid);
        }
      }
      return buckets;
    });
    return c.json({ data: nonEmpty(result) });
  });

  return app;
}
