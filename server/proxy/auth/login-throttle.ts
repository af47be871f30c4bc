import { z } from 'zod';
import type { ConsoleStore } from '../store/store';

/**
 * Failed sign-ins allowed per window before further attempts are refused without checking the
 * password: 40 an hour per account at most, well under ASVS V2.2.1's 100. Per client it is looser,
 * since on loopback every browser shares one address.
 */
export const throttleWindowMs = 15 * 60 * 1000;
const limits = { account: 10, client: 50 } as const;
type Scope = keyof typeof limits;

const oldestSchema = z.object({ n: z.number(), oldest: z.number().nullable() });

function check(
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

/** Seconds to wait before another sign-in attempt is considered, or undefined when allowed. */
export function loginRetryAfter(
  store: ConsoleStore,
  who: { account: string; client: string },
  now: number,
): number | undefined {
  const account = check(store, 'account', who.account, now);
  const client = check(store, 'client', who.client, now);
  if (account === undefined) return client;
  return client === undefined ? account : Math.max(account, client);
}

export function recordLoginFailure(
  store: ConsoleStore,
  who: { account: string; client: string },
  now: number,
): void {
  store.db.transaction(() => {
    const insert = store.statement(
      'INSERT INTO login_failures (scope, subject, at) VALUES (?, ?, ?)',
    );
    insert.run('account', who.account, now);
    insert.run('client', who.client, now);
    store.statement('DELETE FROM login_failures WHERE at <= ?').run(now - throttleWindowMs);
  })();
}

/** A successful sign-in clears the account's failures (not the client's). */
export function clearAccountFailures(store: ConsoleStore, account: string): void {
  store
    .statement("DELETE FROM login_failures WHERE scope = 'account' AND subject = ?")
    .run(account);
}
