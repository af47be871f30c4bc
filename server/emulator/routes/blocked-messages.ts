import { Hono } from 'hono';
import { z } from 'zod';
import { reviewBlockedMessageBodySchema } from '../../../src/api/schemas/blocked-message';
import {
  affixSchema,
  messageIdSchema,
  queryIdSchema,
  queryIntSchema,
} from '../../../src/api/schemas/query';
import { inTransaction, type EmulatorContext } from '../context';
import { badRequest, ChatApiError } from '../http-errors';
import { cursorClause, cursorMeta } from '../paging';
import { findBlocked, toBlockedItems, type BlockedRow } from '../repo/blocked';
import { toReviewedFlagItems, type FlaggedRow } from '../repo/flags';
import { sql } from '../statements';
import { parseBody, parseParam, parseQuery } from '../validation';
import { Where } from '../where';

/**
 * The emulator's own list parameters, none of them documented: strict mode refuses them all, so
 * there the list is the service's: pending items, newest first, at most 50.
 */
const blockedListQuerySchema = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected'], {
      error: 'The status must be pending, approved or rejected.',
    })
    .default('pending'),
  sender: queryIdSchema.optional(),
  ruleId: z.string().trim().min(1).max(100).optional(),
  fromTimestamp: queryIntSchema('fromTimestamp', { min: 0 }).optional(),
  toTimestamp: queryIntSchema('toTimestamp', { min: 0 }).optional(),
  limit: queryIntSchema('limit', { min: 1, max: 100 }).default(50),
  affix: affixSchema.optional(),
  id: messageIdSchema.optional(),
});

const blockedNotFound = (id: string) =>
  new ChatApiError(
    404,
    'ERR_BLOCKED_MESSAGE_NOT_FOUND',
    `The blocked message with id ${id} does not exist.`,
  );

export function blockedMessageRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const q = parseQuery(c, blockedListQuerySchema);
    const cursor = cursorClause('b.message_id', q.affix, q.id, 'prepend');
    const where = new Where()
      .add('b.status = ?', q.status)
      .when(q.sender, 'm.sender = ?')
      .when(q.ruleId, 'b.rule_id = ?')
      .when(q.fromTimestamp, 'b.created_at >= ?')
      .when(q.toTimestamp, 'b.created_at <= ?')
      .add(cursor.condition, ...cursor.params);
    const rows = sql<BlockedRow>(
      ctx.db,
      `SELECT b.* FROM blocked_messages b JOIN messages m ON m.id = b.message_id WHERE ${where.toString()} ORDER BY ${cursor.order} LIMIT ?`,
    ).all(...where.params, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const data = toBlockedItems(ctx.db, page);
    const last = data.at(-1);
    // The service's moderation lists carry `meta.current` only; a cursor needs the emulator's own parameters.
    const meta = ctx.strict
      ? { current: { limit: q.limit, count: data.length } }
      : cursorMeta(
          q.limit,
          data.length,
          rows.length > q.limit,
          cursor.direction,
          last && { id: last.message.id },
        );
    return c.json({ data, meta });
  });

  app.patch('/:messageId', async (c) => {
    const id = parseParam(c, 'messageId', messageIdSchema);
    const body = await parseBody(c, reviewBlockedMessageBodySchema);
    inTransaction(ctx, () => {
      const blocked = findBlocked(ctx.db, Number(id));
      if (!blocked) throw blockedNotFound(id);
      const now = ctx.nowSeconds();
      if (body.status === 'approved') {
        if (blocked.status !== 'approved') {
          sql(
            ctx.db,
            "UPDATE blocked_messages SET status = 'approved', reviewed = 1, updated_at = ? WHERE message_id = ?",
          ).run(now, blocked.message_id);
          sql(
            ctx.db,
            "UPDATE messages SET moderation = 'approved', updated_at = ? WHERE id = ?",
          ).run(now, blocked.message_id);
        }
        return;
      }
      if (blocked.status === 'approved') {
        throw badRequest({
          status: [
            `The message with ID ${id} was already approved and delivered; it cannot be rejected.`,
          ],
        });
      }
      sql(
        ctx.db,
        "UPDATE blocked_messages SET status = 'rejected', reviewed = ?, updated_at = ? WHERE message_id = ?",
      ).run(body.reviewed === false ? 0 : 1, now, blocked.message_id);
      sql(
        ctx.db,
        "UPDATE messages SET moderation = 'disapproved', updated_at = ? WHERE id = ?",
      ).run(now, blocked.message_id);
    });
    const message =
      body.status === 'approved'
        ? `Message with ID ${id} has been approved.`
        : `Message with ID ${id} has been reviewed successfully.`;
    return c.json({ data: { success: true, message } });
  });

  return app;
}

/** How many reviewed items the service lists (its page size; no parameters are documented). */
export const reviewedListLimit = 50;

/**
 * `GET /moderation/reviewed-messages`: the decided items, newest decision first, at most 50: blocked
 * messages approved or rejected, and flagged ones approved or disapproved (with their `flaggedBy`).
 * Like the blocked list it takes no parameters.
 */
export function reviewedMessageRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const decided = sql<{ kind: 'blocked' | 'flagged'; message_id: number }>(
      ctx.db,
      `SELECT kind, message_id FROM (
         SELECT 'blocked' AS kind, message_id, updated_at FROM blocked_messages WHERE status IN ('approved', 'rejected')
         UNION ALL
         SELECT 'flagged', message_id, updated_at FROM flagged_messages WHERE status IN ('approved', 'disapproved')
       ) ORDER BY updated_at DESC, message_id DESC LIMIT ?`,
    ).all(reviewedListLimit);
    const ids = (kind: string) =>
      JSON.stringify(decided.filter((d) => d.kind === kind).map((d) => d.message_id));
    const blocked = toBlockedItems(
      ctx.db,
      sql<BlockedRow>(
        ctx.db,
        'SELECT * FROM blocked_messages WHERE message_id IN (SELECT value FROM json_each(?))',
      ).all(ids('blocked')),
    );
    const flagged = toReviewedFlagItems(
      ctx.db,
      sql<FlaggedRow>(
        ctx.db,
        'SELECT * FROM flagged_messages WHERE message_id IN (SELECT value FROM json_each(?))',
      ).all(ids('flagged')),
    );
    const byKey = new Map<string, unknown>([
      ...blocked.map((item) => [`blocked ${item.message.id}`, item] as const),
      ...flagged.map((item) => [`flagged ${item.message.id}`, item] as const),
    ]);
    const data = decided.flatMap((d) => {
      const item = byKey.get(`${d.kind} ${d.message_id}`);
      return item === undefined ? [] : [item];
    });
    return c.json({ data, meta: { current: { limit: reviewedListLimit, count: data.length } } });
  });
  return app;
}
