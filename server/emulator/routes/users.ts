import { Hono } from 'hono';
import { queryIdSchema } from '../../../src/api/schemas/query';
import { listUsersQuerySchema } from '../../../src/api/schemas/user';
import type { EmulatorContext } from '../context';
import { uidNotFound } from '../http-errors';
import { pageMeta, pageWindow } from '../paging';
import { countUsers, findActiveUser, readUsers, toUser, userColumns } from '../repo/users';
import { cachedCount } from '../statements';
import { parseParam, parseQuery } from '../validation';
import { Where } from '../where';

/** Lower-cases ASCII only, like SQLite's lower(), so the prefix compares with the index on lower(name). */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** Users: the list (page-style, by role, status, state and `searchKey`) and one user. */
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

  return app;
}
