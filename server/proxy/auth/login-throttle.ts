import type { ConsoleStore, StoreTransaction } from '../store/store';

/**
 * Failed sign-ins allowed per window before further attempts are refused without checking the
 * password: 40 an hour per account at most, well under ASVS V2.2.1's 100. Every attempt is counted
 * before its password hash runs (a reservation, released only when the password was right), so
 * concurrent attempts cannot overrun the budget while their hashes run.
 *
 * The per-client budget applies only where an address names one client: on loopback every browser
 * (and a reverse proxy on the same host) shares one address, and a budget there would let anyone lock
 * every account out.
 */
export const throttleWindowMs = 15 * 60 * 1000;
const limits = { account: 10, client: 50 } as const;
type Scope = keyof typeof limits;

const isSharedAddress = (address: string) =>
  address === '' || address === '::1' || /^(::ffff:)?127\./.test(address);

async function retryAfter(
  trx: StoreTransaction,
  scope: Scope,
  subject: string,
  now: number,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number | null>('at').as('oldest')])
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('at', '>', now - throttleWindowMs)
    .executeTakeFirstOrThrow();
  if (row.n < limits[scope] || row.oldest === null) return undefined;
  return Math.max(1, Math.ceil((row.oldest + throttleWindowMs - now) / 1000));
}

export type LoginAttempt = { retryAfter: number } | { rowIds: number[] };

/**
 * Checks the budgets and, when the attempt is allowed, counts it as a failure under one lock, so
 * that attempts on other replicas cannot pass the same check before this one is counted.
 * `releaseLoginAttempt` takes it back when the password turns out right.
 */
export function reserveLoginAttempt(
  store: ConsoleStore,
  who: { account: string; client: string },
  now: number,
): Promise<LoginAttempt> {
  const scopes: [Scope, string][] = [['account', who.account]];
  if (!isSharedAddress(who.client)) scopes.push(['client', who.client]);
  return store.exclusive('login-throttle', async (trx): Promise<LoginAttempt> => {
    const waits: (number | undefined)[] = [];
    for (const [scope, subject] of scopes) waits.push(await retryAfter(trx, scope, subject, now));
    const wait = Math.max(0, ...waits.map((w) => w ?? 0));
    if (wait > 0) return { retryAfter: wait };
    await trx
      .deleteFrom('login_failures')
      .where('at', '<=', now - throttleWindowMs)
      .execute();
    const rows = await trx
      .insertInto('login_failures')
      .values(scopes.map(([scope, subject]) => ({ scope, subject, at: now })))
      .returning('id')
      .execute();
    return { rowIds: rows.map((row) => row.id) };
  });
}

/** The attempt did not fail (right password, or the hash never ran): it no longer counts. */
export async function releaseLoginAttempt(
  store: ConsoleStore,
  rowIds: readonly number[],
): Promise<void> {
  if (rowIds.length === 0) return;
  await store.db.deleteFrom('login_failures').where('id', 'in', rowIds).execute();
}

/** A successful sign-in clears the account's failures (not the client's). */
export async function clearAccountFailures(store: ConsoleStore, account: string): Promise<void> {
  await store.db
    .deleteFrom('login_failures')
    .where('scope', '=', 'account')
    .where('subject', '=', account)
    .execute();
}
