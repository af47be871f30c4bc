import { z } from 'zod';
import type { ConsoleStore } from '../store/store';

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

const oldestSchema = z.object({ n: z.number(), oldest: z.number().nullable() });

const isSharedAddress = (address: string) =>
  address === '' || address === '::1' || /^(::ffff:)?127\./.test(address);

function retryAfter(
  store: ConsoleStore,
  scope: Scope,
  subject: string,
  now: number,
): number | undefined {
  const row = oldestSchema.parse(
    store
      .statement(
        'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE scope = ? AND subject = ? AND at > ?',
      )
      .get(scope, subject, now - throttleWindowMs),
  );
  if (row.n < limits[scope] || row.oldest === null) return undefined;
  return Math.max(1, Math.ceil((row.oldest + throttleWindowMs - now) / 1000));
}

export type LoginAttempt = { retryAfter: number } | { rowIds: number[] };

/**
 * Checks the budgets and, when the attempt is allowed, counts it as a failure in the same
 * transaction. `releaseLoginAttempt` takes it back when the password turns out right.
 */
export function reserveLoginAttempt(
  store: ConsoleStore,
  who: { account: string; client: string },
  now: number,
): LoginAttempt {
  const scopes: [Scope, string][] = [['account', who.account]];
  if (!isSharedAddress(who.client)) scopes.push(['client', who.client]);
  return store.sqlite
    .transaction((): LoginAttempt => {
      const waits = scopes.map(([scope, subject]) => retryAfter(store, scope, subject, now));
      const wait = Math.max(0, ...waits.map((w) => w ?? 0));
      if (wait > 0) return { retryAfter: wait };
      store.statement('DELETE FROM login_failures WHERE at <= ?').run(now - throttleWindowMs);
      const insert = store.statement(
        'INSERT INTO login_failures (scope, subject, at) VALUES (?, ?, ?)',
      );
      return {
        rowIds: scopes.map(([scope, subject]) =>
          Number(insert.run(scope, subject, now).lastInsertRowid),
        ),
      };
    })
    .immediate();
}

/** The attempt did not fail (right password, or the hash never ran): it no longer counts. */
export function releaseLoginAttempt(store: ConsoleStore, rowIds: readonly number[]): void {
  const remove = store.statement('DELETE FROM login_failures WHERE id = ?');
  store.sqlite.transaction(() => rowIds.forEach((id) => remove.run(id)))();
}

/** A successful sign-in clears the account's failures (not the client's). */
export function clearAccountFailures(store: ConsoleStore, account: string): void {
  store
    .statement("DELETE FROM login_failures WHERE scope = 'account' AND subject = ?")
    .run(account);
}
