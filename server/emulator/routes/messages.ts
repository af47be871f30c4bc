import { Hono } from 'hono';
import { deleteMessageBodySchema } from '../../../src/api/schemas/message';
import { listMessagesQuerySchema } from '../../../src/api/schemas/message-query';
import { messageIdSchema } from '../../../src/api/schemas/query';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { ChatApiError, messageNotFound } from '../http-errors';
import { cursorClause, cursorMeta } from '../paging';
import { membershipOf } from '../repo/groups';
import {
  findMessage,
  hydrateMessage,
  hydrateMessages,
  systemUser,
  visibleCondition,
  type MessageRow,
  type WireMessage,
} from '../repo/messages';
import { toUser, type UserRow } from '../repo/users';
import { sql } from '../statements';
import { parseBody, parseParam, parseQuery } from '../validation';
import { Where } from '../where';
import { contentFilters } from './message-filters';

/** Ids of returned action messages come from the message sequence, so they never collide with stored ones. */
function nextMessageId(ctx: EmulatorContext): number {
  const row = sql<{ seq: number }>(
    ctx.db,
    "UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'messages' RETURNING seq",
  ).get();
  if (!row) throw new Error('message sequence missing');
  return row.seq;
}

function mayDelete(ctx: EmulatorContext, row: MessageRow, actor: UserRow): boolean {
  if (row.sender === actor.uid) return true;
  if (row.receiver_type !== 'group') return false;
  const scope = membershipOf(ctx.db, row.receiver, actor.uid)?.scope;
  return scope === 'admin' || scope === 'moderator';
}

export function messageRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const q = parseQuery(c, listMessagesQuerySchema);
    const actor = actingUser(c, ctx, false);
    const cursor = cursorClause('id', q.affix, q.id, 'prepend');
    const where = new Where()
      .add(visibleCondition)
      .when(q.conversationId, 'conversation_id = ?')
      .when(q.sender, 'sender = ?')
      .when(q.receiverType, 'receiver_type = ?')
      .when(q.category, 'category = ?')
      .when(q.type, 'type = ?')
      .add(
        q.categories && 'category IN (SELECT value FROM json_each(?))',
        JSON.stringify(q.categories),
      )
      .add(q.types && 'type IN (SELECT value FROM json_each(?))', JSON.stringify(q.types))
      .when(q.fromTimestamp, 'sent_at >= ?')
      // As the service does, toTimestamp only counts together with fromTimestamp.
      .when(q.fromTimestamp === undefined ? undefined : q.toTimestamp, 'sent_at <= ?')
      .add(q.hideDeleted ? 'deleted_at IS NULL' : undefined)
      .add(q.onlyDeleted ? 'deleted_at IS NOT NULL' : undefined)
      .add(...contentFilters(q))
      .add(
        actor &&
          "((receiver_type = 'user' AND (sender = ? OR receiver = ?)) OR (receiver_type = 'group' AND receiver IN (SELECT guid FROM group_members WHERE uid = ?)))",
        ...(actor ? [actor.uid, actor.uid, actor.uid] : []),
      )
      .add(cursor.condition, ...cursor.params);
    const rows = sql<MessageRow>(
      ctx.db,
      `SELECT * FROM messages WHERE ${where.toString()} ORDER BY ${cursor.order} LIMIT ?`,
    ).all(...where.params, q.limit + 1);
    const data = hydrateMessages(ctx.db, rows.slice(0, q.limit), actor?.uid);
    const last = data.at(-1);
    return c.json({
      data,
      meta: cursorMeta(
        q.limit,
        data.length,
        rows.length > q.limit,
        cursor.direction,
        last && { id: last.id, sentAt: last.sentAt },
      ),
    });
  });

  app.get('/:id', (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const actor = actingUser(c, ctx, false);
    const row = findMessage(ctx.db, Number(id));
    if (!row) throw messageNotFound(id);
    return c.json({ data: hydrateMessage(ctx.db, row, actor?.uid) });
  });

  app.delete('/:id', async (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const body = await parseBody(c, deleteMessageBodySchema);
    const actor = actingUser(c, ctx, false);
    const action = inTransaction(ctx, (): WireMessage => {
      const row = findMessage(ctx.db, Number(id));
      if (!row) throw messageNotFound(id);
      if (row.category === 'action')
        throw new ChatApiError(
          400,
          'ERR_MESSAGE_ACTION_NOT_ALLOWED',
          'Action messages cannot be edited or deleted.',
        );
      if (actor && !mayDelete(ctx, row, actor)) {
        throw new ChatApiError(
          403,
          'ERR_MESSAGE_NOT_A_SENDER',
          `The user ${actor.uid} is not the sender of the message ${id} and cannot delete it.`,
        );
      }
      const now = ctx.nowSeconds();
      const by = actor?.uid ?? systemUser.uid;
      if (row.deleted_at === null) {
        sql(
          ctx.db,
          'UPDATE messages SET deleted_at = ?, deleted_by = ?, updated_at = ? WHERE id = ?',
        ).run(now, by, now, row.id);
      }
      const deleted = findMessage(ctx.db, row.id) ?? row;
      // The service's action entity lists the message's tags, an empty list when it has none.
      const hydrated = hydrateMessage(ctx.db, deleted);
      const on = { ...hydrated, tags: hydrated.tags ?? [] };
      if (body.permanent === true) sql(ctx.db, 'DELETE FROM messages WHERE id = ?').run(row.id);
      const receiver = on.data.entities?.receiver ?? {
        entity: { uid: row.receiver, name: row.receiver },
        entityType: 'user',
      };
      return {
        id: String(nextMessageId(ctx)),
        conversationId: row.conversation_id,
        sender: by,
        receiverType: row.receiver_type,
        receiver: row.receiver,
        category: 'action',
        type: 'message',
        data: {
          action: 'deleted',
          entities: {
            by: { entity: actor ? toUser(actor) : systemUser, entityType: 'user' },
            for: receiver,
            on: { entity: on, entityType: 'message' },
          },
        },
        sentAt: now,
        updatedAt: now,
      };
    });
    return c.json({ data: action });
  });

  return app;
}
