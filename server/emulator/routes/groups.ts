import { Hono } from 'hono';
import { listGroupsQuerySchema } from '../../../src/api/schemas/group';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { actingUser, type EmulatorContext } from '../context';
import { guidNotFound } from '../http-errors';
import { pageMeta } from '../paging';
import { findGroup, groupColumns, membershipOf, toGroup, type GroupRow } from '../repo/groups';
import { sql } from '../statements';
import { parseParam, parseQuery } from '../validation';
import { Where } from '../where';

const asciiLower = (value: string) => value.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/** Groups: the list (page-style, by `type` and `searchKey`) and one group; bans are in group-bans.ts. */
export function groupRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  const existingGroup = (guid: string) => {
    const group = findGroup(ctx.db, guid);
    if (!group) throw guidNotFound(guid);
    return group;
  };

  app.get('/', (c) => {
    const q = parseQuery(c, listGroupsQuerySchema);
    const actor = actingUser(c, ctx, false);
    const where = new Where().when(q.type, 'g.type = ?');
    if (q.searchKey) {
      const prefix = asciiLower(q.searchKey);
      where.add(
        '((g.guid >= ? AND g.guid < ?) OR (lower(g.name) >= ? AND lower(g.name) < ?))',
        prefix.toLowerCase(),
        `${prefix.toLowerCase()}\u{10FFFF}`,
        prefix,
        `${prefix}\u{10FFFF}`,
      );
    }
    const total =
      sql<{ total: number }>(
        ctx.db,
        `SELECT count(*) AS total FROM groups g WHERE ${where.toString()}`,
      ).get(...where.params)?.total ?? 0;
    const rows = sql<GroupRow>(
      ctx.db,
      `SELECT ${groupColumns} FROM groups g WHERE ${where.toString()} ORDER BY lower(g.name), g.guid LIMIT ? OFFSET ?`,
    ).all(...where.params, q.perPage, (q.page - 1) * q.perPage);
    const data = rows.map((row) =>
      toGroup(row, actor ? membershipOf(ctx.db, row.guid, actor.uid) : undefined),
    );
    return c.json({ data, meta: pageMeta(total, rows.length, q.perPage, q.page) });
  });

  app.get('/:guid', (c) => {
    const guid = parseParam(c, 'guid', queryIdSchema);
    const actor = actingUser(c, ctx, false);
    const group = existingGroup(guid);
    return c.json({
      data: toGroup(group, actor ? membershipOf(ctx.db, guid, actor.uid) : undefined),
    });
  });

  return app;
}
