import { Hono } from 'hono';
import { idSchema } from '../../../src/api/schemas/common';
import {
  createReasonBodySchema,
  updateReasonBodySchema,
  type ModerationReason,
} from '../../../src/api/schemas/moderation-reason';
import { inTransaction, type EmulatorContext } from '../context';
import { ChatApiError } from '../http-errors';
import { sql } from '../statements';
import { parseBody, parseParam } from '../validation';

interface ReasonRow {
  id: string;
  name: string;
  description: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** The service lists reasons without paging; the emulator keeps at most this many. */
export const maxReasons = 100;

const toReason = (row: ReasonRow): ModerationReason => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  default: row.is_default === 1,
});

/** The list sends timestamps as strings, as the real service does; get, create and update send integers. */
const toListedReason = (row: ReasonRow) => ({
  ...toReason(row),
  createdAt: String(row.created_at),
  updatedAt: String(row.updated_at),
});

const reasonNotFound = (id: string) =>
  new ChatApiError(404, 'ERR_REASON_NOT_FOUND', `The reason with id ${id} does not exist.`);

const reasonIdParam = idSchema.transform((id) => id.toLowerCase());

export function moderationReasonRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const find = (id: string) =>
    sql<ReasonRow>(ctx.db, 'SELECT * FROM moderation_reasons WHERE id = ?').get(id);

  app.get('/', (c) => {
    const rows = sql<ReasonRow>(
      ctx.db,
      'SELECT * FROM moderation_reasons ORDER BY created_at DESC, rowid DESC',
    ).all();
    return c.json({
      data: rows.map(toListedReason),
      meta: { current: { limit: maxReasons, count: rows.length } },
    });
  });

  app.get('/:id', (c) => {
    const id = parseParam(c, 'id', reasonIdParam);
    const row = find(id);
    if (!row) throw reasonNotFound(id);
    return c.json({ data: toReason(row) });
  });

  app.post('/', async (c) => {
    const body = await parseBody(c, createReasonBodySchema);
    const id = body.id.toLowerCase();
    const row = inTransaction(ctx, () => {
      if (find(id)) {
        throw new ChatApiError(
          400,
          'ERR_REASON_ALREADY_EXISTS',
          `The reason with id ${id} already exists.`,
          { id: [`The reason with id ${id} already exists.`] },
        );
      }
      const { count } = sql<{ count: number }>(
        ctx.db,
        'SELECT count(*) AS count FROM moderation_reasons',
      ).get() ?? { count: 0 };
      if (count >= maxReasons) {
        throw new ChatApiError(
          400,
          'ERR_BAD_REQUEST',
          'Failed to validate the data sent with the request.',
          { id: [`At most ${maxReasons} reasons can exist.`] },
        );
      }
      const now = ctx.nowSeconds();
      sql(
        ctx.db,
        'INSERT INTO moderation_reasons (id, name, description, is_default, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)',
      ).run(id, body.name, body.description ?? '', now, now);
      return find(id);
    });
    if (!row) throw reasonNotFound(id);
    return c.json({ data: toReason(row) });
  });

  app.put('/:id', async (c) => {
    const id = parseParam(c, 'id', reasonIdParam);
    const body = await parseBody(c, updateReasonBodySchema);
    const row = inTransaction(ctx, () => {
      if (!find(id)) throw reasonNotFound(id);
      sql(
        ctx.db,
        'UPDATE moderation_reasons SET name = ?, description = coalesce(?, description), updated_at = ? WHERE id = ?',
      ).run(body.name, body.description ?? null, ctx.nowSeconds(), id);
      return find(id);
    });
    if (!row) throw reasonNotFound(id);
    return c.json({ data: toReason(row) });
  });

  app.delete('/:id', (c) => {
    const id = parseParam(c, 'id', reasonIdParam);
    inTransaction(ctx, () => {
      const row = find(id);
      if (!row) throw reasonNotFound(id);
      if (row.is_default === 1) {
        throw new ChatApiError(
          403,
          'ERR_REASON_DELETE_DENIED',
          `The reason with id ${id} is a default reason and cannot be deleted.`,
        );
      }
      sql(ctx.db, 'DELETE FROM moderation_reasons WHERE id = ?').run(id);
    });
    // Documented without the data wrapper, unlike its siblings.
    return c.json({
      success: true,
      message: `The reason with id ${id} has been deleted successfully.`,
    });
  });

  return app;
}
