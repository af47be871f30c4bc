import { Hono } from 'hono';
import {
  changeMemberScopeBodySchema,
  listGroupMembersQuerySchema,
} from '../../../src/api/schemas/group';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, guidNotFound, uidNotFound } from '../http-errors';
import { pageMeta } from '../paging';
import { insertGroupMemberAction } from '../repo/group-actions';
import { findGroup, membershipOf, type MembershipRow } from '../repo/groups';
import { findActiveUser, toUser, type UserRow } from '../repo/users';
import { sql } from '../statements';
import { parseBody, parseParam, parseQuery } from '../validation';
import { Where } from '../where';

const noClearance = (uid: string, guid: string, what: string) =>
  new ChatApiError(
    403,
    'ERR_GROUP_NO_CLEARANCE',
    `The user ${uid} is not ${what} of the group ${guid}.`,
  );

/**
 * Group members: `GET /groups/{guid}/members` (page-style, by `scopes` and `status`), kick
 * (`DELETE /{uid}`) and scope change (`PUT /{uid}` `{ scope }`). With `onBehalfOf` the acting user
 * needs the clearance the service's scopes give: admins and moderators kick, admins change scopes.
 * The owner is neither kicked nor changed. Each write leaves a `groupMember` action message.
 */
export function memberRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  const target = (guid: string, uid: string): { membership: MembershipRow; owner: boolean } => {
    const group = findGroup(ctx.db, guid);
    if (!group) throw guidNotFound(guid);
    if (!findActiveUser(ctx.db, uid)) throw uidNotFound(uid);
    const membership = membershipOf(ctx.db, guid, uid);
    if (!membership)
      throw new ChatApiError(
        404,
        'ERR_NOT_A_MEMBER',
        `The user with uid ${uid} is not a member of the group ${guid}.`,
      );
    return { membership, owner: group.owner === uid };
  };
  const clearance = (guid: string, actor: UserRow | undefined, scopes: readonly string[]) => {
    if (!actor) return;
    const scope = membershipOf(ctx.db, guid, actor.uid)?.scope ?? '';
    if (!scopes.includes(scope))
      throw noClearance(actor.uid, guid, scopes.length > 1 ? 'an admin or moderator' : 'an admin');
  };

  app.get('/:guid/members', (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const q = parseQuery(c, listGroupMembersQuerySchema);
    if (!findGroup(ctx.db, guid)) throw guidNotFound(guid);
    const where = new Where()
      .add('m.guid = ?', guid)
      .add('u.deactivated_at IS NULL')
      .when(q.status, 'u.status = ?')
      .add(q.scopes && 'm.scope IN (SELECT value FROM json_each(?))', JSON.stringify(q.scopes));
    const from = `FROM group_members m JOIN users u ON u.uid = m.uid WHERE ${where.toString()}`;
    const total =
      sql<{ total: number }>(ctx.db, `SELECT count(*) AS total ${from}`).get(...where.params)
        ?.total ?? 0;
    const rows = sql<UserRow & { scope: string; joined_at: number }>(
      ctx.db,
      `SELECT u.*, m.scope, m.joined_at ${from}
       ORDER BY CASE m.scope WHEN 'admin' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, lower(u.name), u.uid
       LIMIT ? OFFSET ?`,
    ).all(...where.params, q.perPage, (q.page - 1) * q.perPage);
    const data = rows.map((row) => ({ ...toUser(row), scope: row.scope, joinedAt: row.joined_at }));
    return c.json({ data, meta: pageMeta(total, data.length, q.perPage, q.page) });
  });

  app.delete('/:guid/members/:uid', (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const uid = parseParam(c, 'uid', queryIdSchema);
    const actor = actingUser(c, ctx, false);
    inTransaction(ctx, () => {
      const { membership, owner } = target(guid, uid);
      clearance(guid, actor, ['admin', 'moderator']);
      if (owner) throw badRequest({ uid: ['The owner of a group cannot be kicked.'] });
      sql(ctx.db, 'DELETE FROM group_members WHERE guid = ? AND uid = ?').run(guid, uid);
      insertGroupMemberAction(ctx.db, {
        guid,
        action: 'kicked',
        by: actor?.uid,
        on: uid,
        scope: membership.scope,
        at: ctx.nowSeconds(),
      });
    });
    return c.json({
      data: {
        success: true,
        message: `The member with ${uid} has been kicked from the Group with ${guid}.`,
      },
    });
  });

  app.put('/:guid/members/:uid', async (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const uid = parseParam(c, 'uid', queryIdSchema);
    const body = await parseBody(c, changeMemberScopeBodySchema);
    const actor = actingUser(c, ctx, false);
    inTransaction(ctx, () => {
      const { membership, owner } = target(guid, uid);
      clearance(guid, actor, ['admin']);
      if (owner) throw badRequest({ scope: ['The scope of the owner of a group cannot change.'] });
      if (membership.scope === body.scope) return;
      sql(ctx.db, 'UPDATE group_members SET scope = ? WHERE guid = ? AND uid = ?').run(
        body.scope,
        guid,
        uid,
      );
      insertGroupMemberAction(ctx.db, {
        guid,
        action: 'scopeChanged',
        by: actor?.uid,
        on: uid,
        scope: body.scope,
        at: ctx.nowSeconds(),
        extras: { scope: { old: membership.scope, new: body.scope } },
      });
    });
    return c.json({
      data: {
        success: true,
        message: `The scope of the member ${uid} has been changed to ${body.scope} in the Group with ${guid}.`,
      },
    });
  });

  return app;
}
