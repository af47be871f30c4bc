import { Hono } from 'hono';
import { markDeliveredBodySchema } from '../../../src/api/schemas/conversation';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { listUsersQuerySchema } from '../../../src/api/schemas/user';
import {
  deactivateUsersBodySchema,
  reactivateUsersBodySchema,
} from '../../../src/api/schemas/users-bulk';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, messageNotFound, uidNotFound } from '../http-errors';
import { pageMeta, pageWindow } from '../paging';
import { visibleCondition } from '../repo/messages';
import {
  countUsers,
  findActiveUser,
  findUser,
  readUsers,
  toUser,
  userColumns,
  userConversationId,
} from '../repo/users';
import { cachedCount, sql } from '../statements';
import { parseBody, parseParam, parseQuery } from '../validation';
import { Where } from '../where';

/** Lower-cases ASCII only, like SQLite's lower(), so the prefix compares with the index on lower(name). */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

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

export function userRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const q = parseQuery(c, listUsersQuerySchema);
    // With a search key the two prefix ranges drive the query; the unary + keeps the planner from
    // scanning the whole state index instead.
    const state = q.searchKey ? '+deactivated_at' : 'deactivated_at';
    const where = new Where()
      .add(
        q.onlyDeactivated
          ? `${state} IS NOT NULL`
          : q.withDeactivated
            ? undefined
            : `${state} IS NULL`,
      )
      .when(q.role, 'role = ?')
      .when(q.status, 'status = ?');
    if (q.searchKey) {
      const prefix = asciiLower(q.searchKey);
      const uid = prefix.toLowerCase();
      where.add(
        'uid IN (SELECT uid FROM users WHERE uid >= ? AND uid < ? UNION ALL SELECT uid FROM users WHERE lower(name) >= ? AND lower(name) < ?)',
        uid,
        prefixEnd(uid),
        prefix,
        prefixEnd(prefix),
      );
    }
    const filter = where.toString();
    const total = q.searchKey
      ? cachedCount(ctx.db, `SELECT count(*) FROM users WHERE ${filter}`, where.params)
      : countUsers(
          ctx.db,
          q.onlyDeactivated ? 'deactivated' : q.withDeactivated ? 'all' : 'active',
          q.role,
          q.status,
        );
    const page = pageWindow(total, q.perPage, q.page);
    const order = page.reversed ? 'lower(name) DESC, uid DESC' : 'lower(name), uid';
    const rows =
      page.limit === 0
        ? []
        : readUsers(
            ctx.db,
            `SELECT ${userColumns} FROM users WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
            [...where.params, page.limit, page.offset],
          );
    if (page.reversed) rows.reverse();
    return c.json({
      data: rows.map(toUser),
      meta: pageMeta(total, rows.length, q.perPage, q.page),
    });
  });

  app.get('/:uid', (c) => {
    const uid = parseParam(c, 'uid', queryIdSchema);
    const row = findActiveUser(ctx.db, uid);
    if (!row) throw uidNotFound(uid);
    return c.json({ data: toUser(row) });
  });

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

  app.post('/:uid/conversation/delivered', async (c) => {
    const uid = parseParam(c, 'uid', queryIdSchema);
    const body = await parseBody(c, markDeliveredBodySchema);
    const receiver = actingUser(c, ctx, true);
    if (!findActiveUser(ctx.db, uid)) throw uidNotFound(uid);
    if (receiver.uid === uid)
      throw badRequest({ uid: ['The uid must differ from the onBehalfOf user.'] });
    const conversationId = userConversationId(uid, receiver.uid);
    inTransaction(ctx, () => {
      const latest = sql<{ id: number }>(
        ctx.db,
        `SELECT max(id) AS id FROM messages WHERE conversation_id = ? AND ${visibleCondition}`,
      ).get(conversationId)?.id;
      if (latest === null || latest === undefined) {
        throw new ChatApiError(
          403,
          'ERR_CONVERSATION_NOT_ACCESSIBLE',
          `The conversation between ${uid} and ${receiver.uid} has no messages yet.`,
        );
      }
      let upTo = latest;
      if (body.messageId !== undefined) {
        const inConversation = sql(
          ctx.db,
          `SELECT 1 FROM messages WHERE id = ? AND conversation_id = ? AND ${visibleCondition}`,
        ).get(body.messageId, conversationId);
        if (!inConversation) throw messageNotFound(String(body.messageId));
        upTo = body.messageId;
      }
      sql(
        ctx.db,
        `UPDATE messages SET delivered_at = ? WHERE conversation_id = ? AND sender = ? AND receiver = ? AND id <= ? AND delivered_at IS NULL AND ${visibleCondition}`,
      ).run(ctx.nowSeconds(), conversationId, uid, receiver.uid, upTo);
    });
    return c.json({
      data: {
        success: true,
        Message: 'All the messages from the user are marked as delivered for the requesting user.',
      },
    });
  });

  return app;
}
