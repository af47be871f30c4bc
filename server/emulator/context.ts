import type Database from 'better-sqlite3';
import type { Context } from 'hono';
import { badRequest, uidNotFound } from './http-errors';
import { findActiveUser, type UserRow } from './repo/users';

/** What every route module receives from the app factory. */
export interface EmulatorContext {
  db: Database.Database;
  /** Current time in Unix seconds (the service's unit). */
  nowSeconds(): number;
  /** Strict mode: only documented parameters, so only the service's own paging (see app.ts). */
  strict: boolean;
}

/** One write request = one transaction; the response is built only after it committed. */
export function inTransaction<T>(ctx: EmulatorContext, work: () => T): T {
  return ctx.db.transaction(work)();
}

/**
 * The user named by the `onBehalfOf` header. Missing and required is a 400; unknown or
 * deactivated is a 404 `ERR_UID_NOT_FOUND`, as the service answers.
 */
export function actingUser(c: Context, ctx: EmulatorContext, required: true): UserRow;
export function actingUser(c: Context, ctx: EmulatorContext, required: false): UserRow | undefined;
export function actingUser(
  c: Context,
  ctx: EmulatorContext,
  required: boolean,
): UserRow | undefined {
  const raw = c.req.header('onBehalfOf')?.trim();
  if (!raw) {
    if (required) throw badRequest({ onBehalfOf: ['The onBehalfOf header is required.'] });
    return undefined;
  }
  const uid = raw.toLowerCase();
  const user = findActiveUser(ctx.db, uid);
  if (!user) throw uidNotFound(uid);
  return user;
}
