import { Hono } from 'hono';
import {
  flagMessageBodySchema,
  reviewFlaggedMessageBodySchema,
} from '../../../src/api/schemas/flagged-message';
import { messageIdSchema } from '../../../src/api/schemas/query';
import { actingUser, inTransaction, type EmulatorContext } from '../context';
import { ChatApiError, messageNotFound } from '../http-errors';
import { findFlagged, recordFlag, toFlaggedItems, type FlaggedRow } from '../repo/flags';
import { findMessage, isParticipant, isVisible } from '../repo/messages';
import { sql } from '../statements';
import { parseBody, parseParam } from '../validation';

/** How many flagged items the service lists (no parameters are documented, so no paging). */
export const flaggedListLimit = 50;

const flaggedNotFound = (id: string) =>
  new ChatApiError(
    404,
    'ERR_FLAGGED_MESSAGE_NOT_FOUND',
    `The flagged message with id ${id} does not exist.`,
  );

/**
 * `GET /moderation/flagged-messages`: the flags waiting for a review, newest first, one item per
 * message with every report in `flaggedBy`; `PATCH /{id}`: approve (stays visible) or disapprove
 * (hidden), both move the item to the reviewed list.
 */
export function flaggedMessageRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const rows = sql<FlaggedRow>(
      ctx.db,
      "SELECT * FROM flagged_messages WHERE status = 'pending' ORDER BY updated_at DESC, message_id DESC LIMIT ?",
    ).all(flaggedListLimit);
    const data = toFlaggedItems(ctx.db, rows);
    return c.json({ data, meta: { current: { limit: flaggedListLimit, count: data.length } } });
  });

  app.patch('/:id', async (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const body = await parseBody(c, reviewFlaggedMessageBodySchema);
    inTransaction(ctx, () => {
      if (!findFlagged(ctx.db, Number(id))) throw flaggedNotFound(id);
      const now = ctx.nowSeconds();
      sql(
        ctx.db,
        'UPDATE flagged_messages SET status = ?, updated_at = ? WHERE message_id = ?',
      ).run(body.status, now, Number(id));
      sql(ctx.db, 'UPDATE messages SET moderation = ?, updated_at = ? WHERE id = ?').run(
        body.status,
        now,
        Number(id),
      );
    });
    // Documented without the `data` wrapper the other answers have.
    return c.json({
      success: true,
      message: `Message with id ${id} has been unflagged successfully.`,
    });
  });

  return app;
}

/** `POST /messages/{id}/flagged`: a user reports a message they can see, with a reason. */
export function flagRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.post('/:id/flagged', async (c) => {
    const id = parseParam(c, 'id', messageIdSchema);
    const body = await parseBody(c, flagMessageBodySchema);
    const actor = actingUser(c, ctx, true);
    inTransaction(ctx, () => {
      const row = findMessage(ctx.db, Number(id));
      if (!row || !isVisible(row) || !isParticipant(ctx.db, row, actor.uid))
        throw messageNotFound(id);
      if (row.category === 'action')
        throw new ChatApiError(
          400,
          'ERR_MESSAGE_ACTION_NOT_ALLOWED',
          'Action messages cannot be flagged.',
        );
      const reason = sql<{ id: string; name: string; description: string }>(
        ctx.db,
        'SELECT id, name, description FROM moderation_reasons WHERE id = ?',
      ).get(body.reasonId);
      if (!reason)
        throw new ChatApiError(
          404,
          'ERR_REASON_NOT_FOUND',
          `The reason with id ${body.reasonId} does not exist.`,
        );
      const at = ctx.nowSeconds();
      recordFlag(
        ctx.db,
        { messageId: row.id, at },
        {
          messageId: row.id,
          uid: actor.uid,
          reason: {
            id: reason.id,
            name: reason.name,
            description: reason.description || undefined,
          },
          remark: body.remark,
          at,
        },
      );
    });
    return c.json({ data: {} });
  });
  return app;
}
