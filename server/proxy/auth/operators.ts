import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { usernameSchema } from '../../../src/api/schemas/console';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import { passwordMessages, passwordProblems } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import type { ConsoleStore } from '../store/store';

export type OperatorErrorCode = 'INVALID' | 'EXISTS' | 'NOT_FOUND' | 'LAST_ADMIN' | 'SSO_MANAGED';

export class OperatorError extends Error {
  readonly code: OperatorErrorCode;
  readonly details: Record<string, string[]> | undefined;
  constructor(code: OperatorErrorCode, message: string, details?: Record<string, string[]>) {
    super(message);
    this.name = 'OperatorError';
    this.code = code;
    this.details = details;
  }
}

export interface OperatorRecord {
  id: number;
  username: string;
  role: OperatorRole;
  createdAt: number;
  /** The password was set by an admin or the CLI: the operator must replace it before anything else. */
  mustChangePassword: boolean;
  lastSignInAt: number | null;
  /** How the operator signs in: a password kept here, or the identity provider (decision 0018). */
  signsInWith: 'password' | 'sso';
}

const operatorColumns =
  'id, username, role, created_at, password_hash, must_change_password, last_sign_in_at, sso_subject';

const rowSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: operatorRoleSchema,
  created_at: z.number(),
  password_hash: z.string(),
  must_change_password: z.number(),
  last_sign_in_at: z.number().nullable(),
  sso_subject: z.string().nullable(),
});

const toRecord = (row: z.infer<typeof rowSchema>): OperatorRecord => ({
  id: row.id,
  username: row.username,
  role: row.role,
  createdAt: row.created_at,
  mustChangePassword: row.must_change_password === 1,
  lastSignInAt: row.last_sign_in_at,
  signsInWith: row.sso_subject === null ? 'password' : 'sso',
});

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function check<T>(schema: z.core.$ZodType<T>, field: string, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => issue.message);
  throw new OperatorError('INVALID', `Invalid ${field}: ${messages.join('; ')}`, {
    [field]: messages,
  });
}

/** A new password that passes the policy (see passwordProblems), else an INVALID error naming why. */
function checkNewPassword(password: string, username: string): string {
  const problems = passwordProblems(password, username);
  if (problems.length === 0) return password;
  throw new OperatorError('INVALID', `Invalid password: ${problems.join('; ')}`, {
    password: problems,
  });
}

/** Whether a password set by someone else is initial (changed at first sign-in) or the operator's own. */
export interface PasswordOrigin {
  /** Default false: only the CLI and the operators page set initial passwords, and they say so. */
  initialPassword?: boolean;
}

/** The operator with its password hash, for sign-in; undefined when there is none. */
export function findOperator(store: ConsoleStore, username: string) {
  const row: unknown = store
    .statement(`SELECT ${operatorColumns} FROM operators WHERE username = ?`)
    .get(username.trim().toLowerCase());
  if (row === undefined) return undefined;
  const parsed = rowSchema.parse(row);
  return { ...toRecord(parsed), passwordHash: parsed.password_hash };
}

/** An operator of the identity provider: its role and password are the provider's, not set here. */
function refuseIfSso(operator: OperatorRecord, what: 'role' | 'password'): void {
  if (operator.signsInWith !== 'sso') return;
  throw new OperatorError(
    'SSO_MANAGED',
    what === 'role'
      ? `${operator.username} signs in through the identity provider: their role follows their groups there, so change it at the provider.`
      : `${operator.username} signs in through the identity provider, which keeps their password.`,
  );
}

function requireOperator(store: ConsoleStore, username: string) {
  const found = findOperator(store, username);
  if (!found) throw new OperatorError('NOT_FOUND', `No operator named "${username}".`);
  return found;
}

export function listOperators(store: ConsoleStore): OperatorRecord[] {
  const rows = store.statement(`SELECT ${operatorColumns} FROM operators ORDER BY username`).all();
  return z.array(rowSchema).parse(rows).map(toRecord);
}

export const countOperators = (store: ConsoleStore): number =>
  z.number().parse(store.statement('SELECT count(*) FROM operators').pluck().get());

const countAdmins = (store: ConsoleStore): number =>
  z
    .number()
    .parse(store.statement("SELECT count(*) FROM operators WHERE role = 'admin'").pluck().get());

export async function addOperator(
  store: ConsoleStore,
  input: { username: string; role: string; password: string },
  opts: { now?: number; hashCost?: number } & PasswordOrigin = {},
): Promise<OperatorRecord> {
  const username = check(usernameSchema, 'username', input.username);
  const role = check(operatorRoleSchema, 'role', input.role);
  const password = checkNewPassword(input.password, username);
  const mustChange = opts.initialPassword === true;
  if (findOperator(store, username)) {
    throw new OperatorError('EXISTS', `An operator named "${username}" already exists.`, {
      username: ['This username is taken'],
    });
  }
  const hash = await hashPassword(password, opts.hashCost);
  const now = opts.now ?? Date.now();
  // Re-checked inside the write: the hash took time and another request may have added the name.
  try {
    const info = store
      .statement(
        'INSERT INTO operators (username, role, password_hash, created_at, password_changed_at, must_change_password) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(username, role, hash, now, now, mustChange ? 1 : 0);
    return {
      id: Number(info.lastInsertRowid),
      username,
      role,
      createdAt: now,
      mustChangePassword: mustChange,
      lastSignInAt: null,
      signsInWith: 'password',
    };
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw new OperatorError('EXISTS', `An operator named "${username}" already exists.`);
    }
    throw error;
  }
}

export function removeOperator(store: ConsoleStore, username: string): void {
  store.sqlite.transaction(() => {
    const operator = requireOperator(store, username);
    if (operator.role === 'admin' && countAdmins(store) <= 1) {
      throw new OperatorError('LAST_ADMIN', 'The last admin cannot be removed.');
    }
    store.statement('DELETE FROM operators WHERE id = ?').run(operator.id);
  })();
}

/** Changes an operator's role; returns the operator as it is now and the role it had before. */
export function setOperatorRole(
  store: ConsoleStore,
  username: string,
  role: string,
): OperatorRecord & { previousRole: OperatorRole } {
  const nextRole = check(operatorRoleSchema, 'role', role);
  return store.sqlite.transaction(() => {
    const operator = requireOperator(store, username);
    refuseIfSso(operator, 'role');
    if (operator.role === 'admin' && nextRole !== 'admin' && countAdmins(store) <= 1) {
      throw new OperatorError('LAST_ADMIN', 'The last admin cannot lose the admin role.');
    }
    store.statement('UPDATE operators SET role = ? WHERE id = ?').run(nextRole, operator.id);
    return {
      id: operator.id,
      username: operator.username,
      role: nextRole,
      createdAt: operator.createdAt,
      mustChangePassword: operator.mustChangePassword,
      lastSignInAt: operator.lastSignInAt,
      signsInWith: operator.signsInWith,
      previousRole: operator.role,
    };
  })();
}

/** Sets a new password and signs the operator out everywhere. */
export async function resetPassword(
  store: ConsoleStore,
  username: string,
  password: string,
  opts: { now?: number; hashCost?: number } & PasswordOrigin = {},
): Promise<void> {
  const operator = requireOperator(store, username);
  refuseIfSso(operator, 'password');
  const checked = checkNewPassword(password, operator.username);
  const hash = await hashPassword(checked, opts.hashCost);
  store.sqlite.transaction(() => {
    store
      .statement(
        'UPDATE operators SET password_hash = ?, password_changed_at = ?, must_change_password = ? WHERE id = ?',
      )
      .run(hash, opts.now ?? Date.now(), opts.initialPassword === true ? 1 : 0, operator.id);
    store.statement('DELETE FROM sessions WHERE operator_id = ?').run(operator.id);
    store.statement('DELETE FROM sign_in_tokens WHERE operator_id = ?').run(operator.id);
  })();
}

export const signInTokenTtlMs = 15 * 60 * 1000;

/** A single-use sign-in token for `username`, valid 15 minutes; only its hash is stored. */
export function createSignInToken(
  store: ConsoleStore,
  username: string,
  opts: { now?: number } = {},
): string {
  const operator = requireOperator(store, username);
  const token = randomBytes(32).toString('base64url');
  const now = opts.now ?? Date.now();
  store
    .statement('INSERT INTO sign_in_tokens (token_hash, operator_id, expires_at) VALUES (?, ?, ?)')
    .run(hashToken(token), operator.id, now + signInTokenTtlMs);
  return token;
}

/** Spends a sign-in token: the operator id when it is valid, unused and unexpired, else undefined. */
export function consumeSignInToken(
  store: ConsoleStore,
  token: string,
  now: number,
): number | undefined {
  const row: unknown = store
    .statement(
      'UPDATE sign_in_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING operator_id',
    )
    .get(now, hashToken(token), now);
  return row === undefined
    ? undefined
    : z.object({ operator_id: z.number() }).parse(row).operator_id;
}

/**
 * The operator's own new password, replacing an initial one or their previous one: checked against
 * the policy and the current password (it must differ), then stored; every other session of theirs
 * ends, the one making the change stays.
 */
export async function changeOwnPassword(
  store: ConsoleStore,
  operatorId: number,
  password: string,
  opts: { now: number; hashCost?: number; keepSession: string },
): Promise<void> {
  const row: unknown = store
    .statement(`SELECT ${operatorColumns} FROM operators WHERE id = ?`)
    .get(operatorId);
  if (row === undefined) throw new OperatorError('NOT_FOUND', 'This operator no longer exists.');
  const operator = rowSchema.parse(row);
  const checked = checkNewPassword(password, operator.username);
  if (await verifyPassword(checked, operator.password_hash, opts.hashCost)) {
    throw new OperatorError('INVALID', passwordMessages.same, {
      password: [passwordMessages.same],
    });
  }
  const hash = await hashPassword(checked, opts.hashCost);
  store.sqlite.transaction(() => {
    store
      .statement(
        'UPDATE operators SET password_hash = ?, password_changed_at = ?, must_change_password = 0 WHERE id = ?',
      )
      .run(hash, opts.now, operatorId);
    store
      .statement('DELETE FROM sessions WHERE operator_id = ? AND token_hash <> ?')
      .run(operatorId, opts.keepSession);
  })();
}

/** Notes a successful sign-in (password, one-time link or provider), shown on the operators page. */
export function recordSignIn(store: ConsoleStore, operatorId: number, now: number): void {
  store.statement('UPDATE operators SET last_sign_in_at = ? WHERE id = ?').run(now, operatorId);
}
