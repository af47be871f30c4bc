import { hash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { usernameSchema } from '../../../src/api/schemas/console';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import { passwordMessages, passwordProblems } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import type { ConsoleStore, StoreDb } from '../store/store';

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

/** The operators row as this module reads it: the one place its columns are named. */
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
type OperatorRow = z.infer<typeof rowSchema>;
const operatorColumns = Object.keys(rowSchema.shape) as (keyof OperatorRow)[];

const toRecord = (row: OperatorRow): OperatorRecord => ({
  id: row.id,
  username: row.username,
  role: row.role,
  createdAt: row.created_at,
  mustChangePassword: row.must_change_password === 1,
  lastSignInAt: row.last_sign_in_at,
  signsInWith: row.sso_subject === null ? 'password' : 'sso',
});

/** A session token's SHA-256 in hex, as the store keeps it; one call, no hash object per request. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

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
export const findOperator = (store: ConsoleStore, username: string) =>
  operatorNamed(store.db, username);

const operatorNamed = (db: StoreDb, username: string) =>
  operatorWhere(db, 'username', username.trim().toLowerCase());

async function operatorWhere(db: StoreDb, column: 'id' | 'username', value: number | string) {
  const row = await db
    .selectFrom('operators')
    .select(operatorColumns)
    .where(column, '=', value)
    .executeTakeFirst();
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

async function requireOperator(db: StoreDb, username: string) {
  const found = await operatorNamed(db, username);
  if (!found) throw new OperatorError('NOT_FOUND', `No operator named "${username}".`);
  return found;
}

export async function listOperators(store: ConsoleStore): Promise<OperatorRecord[]> {
  const rows = await store.db
    .selectFrom('operators')
    .select(operatorColumns)
    .orderBy('username')
    .execute();
  return z.array(rowSchema).parse(rows).map(toRecord);
}

export async function countOperators(store: ConsoleStore): Promise<number> {
  const row = await store.db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function countAdmins(db: StoreDb): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Held by changes whose checks read other operators (the last admin; a provider's subject or name),
 * so that no other replica's change lands between the check and the write.
 */
export const operatorsLock = 'operators';

export async function addOperator(
  store: ConsoleStore,
  input: { username: string; role: string; password: string },
  opts: { now?: number; hashCost?: number } & PasswordOrigin = {},
): Promise<OperatorRecord> {
  const username = check(usernameSchema, 'username', input.username);
  const role = check(operatorRoleSchema, 'role', input.role);
  const password = checkNewPassword(input.password, username);
  const mustChange = opts.initialPassword === true;
  const exists = () =>
    new OperatorError('EXISTS', `An operator named "${username}" already exists.`, {
      username: ['This username is taken'],
    });
  if (await findOperator(store, username)) throw exists();
  const hash = await hashPassword(password, opts.hashCost);
  const now = opts.now ?? Date.now();
  // Re-checked by the write: the hash took time and another request may have added the name.
  const inserted = await store.db
    .insertInto('operators')
    .values({
      username,
      role,
      password_hash: hash,
      created_at: now,
      password_changed_at: now,
      must_change_password: mustChange ? 1 : 0,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw exists();
  return {
    id: inserted.id,
    username,
    role,
    createdAt: now,
    mustChangePassword: mustChange,
    lastSignInAt: null,
    signsInWith: 'password',
  };
}

export async function removeOperator(store: ConsoleStore, username: string): Promise<void> {
  await store.exclusive(operatorsLock, async (trx) => {
    const operator = await requireOperator(trx, username);
    if (operator.role === 'admin' && (await countAdmins(trx)) <= 1) {
      throw new OperatorError('LAST_ADMIN', 'The last admin cannot be removed.');
    }
    await trx.deleteFrom('operators').where('id', '=', operator.id).execute();
  });
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
}

/** Changes an operator's role; returns the operator as it is now and the role it had before. */
export async function setOperatorRole(
  store: ConsoleStore,
  username: string,
  role: string,
): Promise<OperatorRecord & { previousRole: OperatorRole }> {
  const nextRole = check(operatorRoleSchema, 'role', role);
  const changed = await store.exclusive(operatorsLock, async (trx) => {
    const operator = await requireOperator(trx, username);
    refuseIfSso(operator, 'role');
    if (operator.role === 'admin' && nextRole !== 'admin' && (await countAdmins(trx)) <= 1) {
      throw new OperatorError('LAST_ADMIN', 'The last admin cannot lose the admin role.');
    }
    await trx
      .updateTable('operators')
      .set({ role: nextRole })
      .where('id', '=', operator.id)
      .execute();
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
  });
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
  return changed;
}

/** Sets a new password and signs the operator out everywhere. */
export async function resetPassword(
  store: ConsoleStore,
  username: string,
  password: string,
  opts: { now?: number; hashCost?: number } & PasswordOrigin = {},
): Promise<void> {
  const operator = await requireOperator(store.db, username);
  refuseIfSso(operator, 'password');
  const checked = checkNewPassword(password, operator.username);
  const hash = await hashPassword(checked, opts.hashCost);
  await store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({
        password_hash: hash,
        password_changed_at: opts.now ?? Date.now(),
        must_change_password: opts.initialPassword === true ? 1 : 0,
      })
      .where('id', '=', operator.id)
      .execute();
    await trx.deleteFrom('sessions').where('operator_id', '=', operator.id).execute();
    await trx.deleteFrom('sign_in_tokens').where('operator_id', '=', operator.id).execute();
  });
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
}

export const signInTokenTtlMs = 15 * 60 * 1000;

/** A single-use sign-in token for `username`, valid 15 minutes; only its hash is stored. */
export async function createSignInToken(
  store: ConsoleStore,
  username: string,
  opts: { now?: number } = {},
): Promise<string> {
  const operator = await requireOperator(store.db, username);
  const token = randomBytes(32).toString('base64url');
  const now = opts.now ?? Date.now();
  await store.db
    .insertInto('sign_in_tokens')
    .values({
      token_hash: hashToken(token),
      operator_id: operator.id,
      expires_at: now + signInTokenTtlMs,
    })
    .execute();
  return token;
}

/**
 * Spends a sign-in token: the operator id when it is valid, unused and unexpired, else undefined.
 * One statement, so of two replicas spending the same token at once only one gets the row.
 */
export async function consumeSignInToken(
  store: ConsoleStore,
  token: string,
  now: number,
): Promise<number | undefined> {
  const row = await store.db
    .updateTable('sign_in_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('operator_id')
    .executeTakeFirst();
  return row?.operator_id;
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
  const operator = await operatorWhere(store.db, 'id', operatorId);
  if (!operator) throw new OperatorError('NOT_FOUND', 'This operator no longer exists.');
  const checked = checkNewPassword(password, operator.username);
  if (await verifyPassword(checked, operator.passwordHash, opts.hashCost)) {
    throw new OperatorError('INVALID', passwordMessages.same, {
      password: [passwordMessages.same],
    });
  }
  const hash = await hashPassword(checked, opts.hashCost);
  await store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({ password_hash: hash, password_changed_at: opts.now, must_change_password: 0 })
      .where('id', '=', operatorId)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('operator_id', '=', operatorId)
      .where('token_hash', '<>', opts.keepSession)
      .execute();
  });
  // Every replica holds what was just written before this returns (decision 0065).
  await store.authWatch?.settled();
}

/** Notes a successful sign-in (password, one-time link or provider), shown on the operators page. */
export async function recordSignIn(
  store: ConsoleStore,
  operatorId: number,
  now: number,
): Promise<void> {
  await store.db
    .updateTable('operators')
    .set({ last_sign_in_at: now })
    .where('id', '=', operatorId)
    .execute();
}
