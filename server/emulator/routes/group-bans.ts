import { Hono, type Context } from 'hono';
import { listBannedUsersQuerySchema } from '../../../src/api/schemas/group';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, guidNotFound, uidNotFound } from '../http-errors';
import { pageMeta, pageWindow } from '../paging';
import { insertGroupMemberAction } from '../repo/group-actions';
import { findGroup, membershipOf } from '../repo/groups';
import { findActiveUser, toUser, usersByUid, type UserRow } from '../repo/users';
import { cachedCount, sql, sqlRows } from '../statements';
import { parseParam, parseQuery } from '../validation';

/**
 * A group's bans: `GET /groups/{guid}/bannedusers` (newest first, page-style), ban
 * (`POST /{uid}`, which ends the membership) and unban (`DELETE /{uid}`, which does not restore it).
 * With `onBehalfOf` the acting user must be an admin or moderator of the group, and not the target.
 * Each write leaves a `groupMember` action message.
 */
export function groupBanRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.get('/:guid/bannedusers', (c) => listBans(ctx, c));

  app.post('/:guid/bannedusers/:uid', (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const uid = parseParam(c, 'uid', queryIdSchema);
    const actor = actingUser(c, ctx, false);
    inTransaction(ctx, () => {
      banTarget(ctx, guid, uid, actor);
      if (sql(ctx.db, 'SELECT 1 FROM group_bans WHERE guid = ? AND uid = ?').get(guid, uid)) {
        throw new ChatApiError(
          400,
          'ERR_ALREADY_BANNED',
          `The user with uid ${uid} is already banned from the group ${guid}.`,
        );
      }
      const membership = membershipOf(ctx.db, guid, uid);
      if (!membership)
        throw new ChatApiError(
          404,
          'ERR_NOT_A_MEMBER',
          `The user with uid ${uid} is not a member of the group ${guid}.`,
        );
      if (findGroup(ctx.db, guid)?.owner === uid)
        throw badRequest({ uid: ['The owner of a group cannot be banned.'] });
      const now = ctx.nowSeconds();
      sql(ctx.db, 'DELETE FROM group_members WHERE guid = ? AND uid = ?').run(guid, uid);
      sql(ctx.db, 'INSERT INTO group_bans (guid, uid, banned_at) VALUES (?, ?, ?)').run(
        guid,
        uid,
        now,
      );
      insertGroupMemberAction(ctx.db, {
        guid,
        action: 'banned',
        by: actor?.uid,
        on: uid,
        scope: membership.scope,
        at: now,
      });
    });
    return c.json({
      data: {
        success: true,
        message: `The user with uid ${uid} has been banned from the Group with ${guid}.`,
      },
    });
  });

  app.delete('/:guid/bannedusers/:uid', (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const uid = parseParam(c, 'uid', queryIdSchema);
    const actor = actingUser(c, ctx, false);
    inTransaction(ctx, () => {
      banTarget(ctx, guid, uid, actor);
      const { changes } = sql(ctx.db, 'DELETE FROM group_bans WHERE guid = ? AND uid = ?').run(
        guid,
        uid,
      );
      if (changes === 0)
        throw new ChatApiError(
          404,
          'ERR_NOT_A_BANNED_USER',
          `The user with uid ${uid} is not banned from the group ${guid}.`,
        );
      // Unbanning does not restore the membership: the scope they would join with again.
      insertGroupMemberAction(ctx.db, {
        guid,
        action: 'unbanned',
        by: actor?.uid,
        on: uid,
        scope: 'participant',
        at: ctx.nowSeconds(),
      });
    });
    return c.json({
      data: {
        success: true,
        message: `The user with uid ${uid} has been unbanned from the Group with ${guid}.`,
      },
    });
  });

  return app;
}

/** The group's bans of active users, newest first, one page. */
function listBans(ctx: EmulatorContext, c: Context) {
  const guid = parseParam(c, 'guid', queryIdSchema);
  const q = parseQuery(c, listBannedUsersQuerySchema);
  if (!findGroup(ctx.db, guid)) throw guidNotFound(guid);
  // Deactivated users behave as missing, so their bans are neither listed nor counted. They are few:
  // subtract them, counted through the small deactivated set, from the group's ban count (kept by
  // triggers), and only filter the page when a ban is affected, so a page of 100,000 bans stays an
  // index-only scan.
  const deactivated = 'SELECT uid FROM users WHERE deactivated_at IS NOT NULL';
  const all =
    sqlRows<[number]>(ctx.db, 'SELECT count FROM group_ban_counts WHERE guid = ?').get(guid)?.[0] ??
    0;
  const hidden = cachedCount(
    ctx.db,
    `SELECT count(*) FROM group_bans WHERE guid = ? AND uid IN (${deactivated})`,
    [guid],
  );
  const filter = hidden > 0 ? ` AND uid NOT IN (${deactivated})` : '';
  const total = all - hidden;
  const page = pageWindow(total, q.perPage, q.page);
  const order = page.reversed ? 'banned_at ASC, uid DESC' : 'banned_at DESC, uid';
  const uids =
    page.limit === 0
      ? []
      : sqlRows<[string]>(
          ctx.db,
          `SELECT uid FROM group_bans WHERE guid = ?${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
        ).all(guid, page.limit, page.offset);
  if (page.reversed) uids.reverse();
  const users = usersByUid(
    ctx.db,
    uids.map(([uid]) => uid),
  );
  const data = uids.flatMap(([uid]) => {
    const user = users.get(uid);
    return user ? [toUser(user)] : [];
  });
  return c.json({ data, meta: pageMeta(total, data.length, q.perPage, q.page) });
}

/** The group and the user exist, and the acting user (if any) may ban or unban them. */
function banTarget(ctx: EmulatorContext, guid: string, uid: string, actor: UserRow | undefined) {
  if (!findGroup(ctx.db, guid)) throw guidNotFound(guid);
  if (!findActiveUser(ctx.db, uid)) throw uidNotFound(uid);
  if (actor) {
    if (actor.uid === uid)
      throw new ChatApiError(
        400,
        'ERR_GROUP_NO_SELF_ACTION',
        'A member cannot ban or unban themselves.',
      );
    const scope = membershipOf(ctx.db, guid, actor.uid)?.scope;
    if (scope !== 'admin' && scope !== 'moderator') {
      throw new ChatApiError(
        403,
        'ERR_GROUP_NO_CLEARANCE',
        `The user ${actor.uid} is not an admin or moderator of the group ${guid}.`,
      );
    }
  }
}
