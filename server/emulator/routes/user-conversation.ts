import { Hono } from 'hono';
import { markDeliveredBodySchema } from '../../../src/api/schemas/conversation';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError, messageNotFound, uidNotFound } from '../http-errors';
import { visibleCondition } from '../repo/messages';
import { findActiveUser, userConversationId } from '../repo/users';
import { sql } from '../statements';
import { parseBody, parseParam } from '../validation';

/**
 * `POST /users/{uid}/conversation/delivered` on behalf of the receiver: the user's messages to
 * them, up to `messageId` or the latest, are marked delivered.
 */
export function userConversationRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

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
