import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { affixSchema, messageIdSchema, queryIntSchema } from '../../../src/api/schemas/query';
import { reactionSchema } from '../../../src/api/schemas/reaction';
import type { User } from '../../../src/api/schemas/user';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, messageNotFound } from '../http-errors';
import { cursorClause, cursorMeta } from '../paging';
import {
  findMessage,
  hydrateMessage,
  isParticipant,
  isVisible,
  type MessageRow,
} from '../repo/messages';
import { toUser, userConversationId, usersByUid, type UserRow } from '../repo/users';
import { sql } from '../statements';
import { parseOrThrow, parseParam, parseQuery } from '../validation';
import { Where } from '../where';

/**
 * Reaction list paging: the answer's cursor (`affix`, `id`) is documented, `limit` is the emulator's
 * own (refused in strict mode, where a page holds 100, the service's size).
 */
const reactionListQuerySchema = z.object({
  limit: queryIntSchema('limit', { min: 1, max: 100 }).default(100),
  affix: affixSchema.optional(),
  id: messageIdSchema.optional(),
});

interface ReactionRecord {
  id: string;
  messageId: string;
  reaction: string;
  uid: string;
  reactedAt: number;
  reactedBy: User;
}

/**
 * The reaction path segment, percent-decoded exactly once from the raw URL: emoji sequences
 * (ZWJ, skin tones, flags), tokens with colons and even `%` or `/` round-trip unchanged.
 */
function reactionParam(c: Context): string {
  const raw = /\/reactions\/([^/]+)\/?$/.exec(new URL(c.req.url).pathname)?.[1] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw badRequest({ reaction: ['The reaction is not a valid percent-encoded string.'] });
  }
  return parseOrThrow(reactionSchema, decoded, 'reaction');
}

/** A message users can react to: it exists, was delivered and is not deleted. */
function reactableMessage(ctx: EmulatorContext, id: string, actor: UserRow): MessageRow {
  const row = findMessage(ctx.db, Number(id));
  if (!row || !isVisible(row) || row.deleted_at !== null) throw messageNotFound(id);
  if (!isParticipant(ctx.db, row, actor.uid)) {
    throw new ChatApiError(
      403,
      'ERR_MESSAGE_NO_ACCESS',
      `The user ${actor.uid} is not a participant of the conversation of message ${id}.`,
    );
  }
  return row;
}

interface ReactionRow {
  id: number;
  message_id: number;
  reaction: string;
  uid: string;
  reacted_at: number;
}

export function reactionRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  const list = (c: Context, reaction?: string) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const q = parseQuery(c, reactionListQuerySchema);
    const actor = actingUser(c, ctx, false);
    if (!findMessage(ctx.db, Number(id))) throw messageNotFound(id);
    const cursor = cursorClause('id', q.affix, q.id, 'append');
    const where = new Where()
      .add('message_id = ?', Number(id))
      .when(reaction, 'reaction = ?')
      .add(cursor.condition, ...cursor.params);
    const rows = sql<ReactionRow>(
      ctx.db,
      `SELECT * FROM reactions WHERE ${where.toString()} ORDER BY ${cursor.order} LIMIT ?`,
    ).all(...where.params, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const users = usersByUid(
      ctx.db,
      page.map((r) => r.uid),
    );
    const data = page.map((row): ReactionRecord => {
      const user = users.get(row.uid);
      const reactedBy = user ? toUser(user) : { uid: row.uid, name: row.uid };
      if (actor && actor.uid !== row.uid)
        reactedBy.conversationId = userConversationId(actor.uid, row.uid);
      return {
        id: String(row.id),
        messageId: String(row.message_id),
        reaction: row.reaction,
        uid: row.uid,
        reactedAt: row.reacted_at,
        reactedBy,
      };
    });
    const last = data.at(-1);
    return c.json({
      data,
      meta: cursorMeta(
        q.limit,
        data.length,
        rows.length > q.limit,
        cursor.direction,
        last && { id: last.id },
      ),
    });
  };

  app.get('/:id/reactions', (c) => list(c));
  app.get('/:id/reactions/:reaction', (c) => list(c, reactionParam(c)));

  app.post('/:id/reactions/:reaction', (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const reaction = reactionParam(c);
    const actor = actingUser(c, ctx, true);
    const message = inTransaction(ctx, () => {
      const row = reactableMessage(ctx, id, actor);
      sql(
        ctx.db,
        'INSERT OR IGNORE INTO reactions (message_id, reaction, uid, reacted_at) VALUES (?, ?, ?, ?)',
      ).run(row.id, reaction, actor.uid, ctx.nowSeconds());
      return hydrateMessage(ctx.db, row, actor.uid);
    });
    return c.json({ data: message });
  });

  app.delete('/:id/reactions/:reaction', (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const reaction = reactionParam(c);
    const actor = actingUser(c, ctx, true);
    const message = inTransaction(ctx, () => {
      const row = reactableMessage(ctx, id, actor);
      const { changes } = sql(
        ctx.db,
        'DELETE FROM reactions WHERE message_id = ? AND reaction = ? AND uid = ?',
      ).run(row.id, reaction, actor.uid);
      if (changes === 0) {
        throw new ChatApiError(
          404,
          'ERR_REACTION_NOT_FOUND',
          `The user ${actor.uid} has not reacted with ${reaction} on the message ${id}.`,
        );
      }
      return hydrateMessage(ctx.db, row, actor.uid);
    });
    return c.json({ data: message });
  });

  return app;
}
