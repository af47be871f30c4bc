import type { ConsoleStore, StoreTransaction } from '../store/store';
import { refusalMemory } from './refusal-memory';

/**
 * Failed sign-ins slow the next attempt down rather than lock the account (decision 0003). Three
 * counts, each with a free allowance and then a delay after the latest failure that doubles with
 * every further one:
 *
 * - the account from this client (`pair`): 5 free, then 1 s, 2 s, 4 s … up to 15 minutes;
 * - the client on every account (`client`): 20 free, then likewise (a client trying many names);
 * - the account from every client: from the 5th client failing on it, 1 s, 2 s … up to 60 s
 *   (guessing spread over many addresses), a delay a clean client also waits, never a lock.
 *
 * Failures from one client therefore never stop the account's owner signing in from another. Where
 * an address does not name one client (loopback: every browser, or a reverse proxy on the same host
 * not listed in CONSOLE_TRUSTED_PROXIES) there is no client count and the pair's delay stops at
 * 60 s, since it then holds everyone back. Every attempt is counted before its password hash runs (a
 * reservation, released only when the password was right), so concurrent attempts cannot overrun
 * the counts while their hashes run; a refusal is remembered in memory and repeated from there,
 * without the store, until its time is up.
 */
export const throttleWindowMs = 15 * 60 * 1000;
const second = 1000;
const rules = {
  pair: { free: 5, maxMs: throttleWindowMs },
  sharedPair: { free: 5, maxMs: 60 * second },
  client: { free: 20, maxMs: throttleWindowMs },
  spread: { free: 5, maxMs: 60 * second },
} as const;

const isSharedAddress = (address: string) =>
  address === '' ||
  address === 'in-process' ||
  address === '::1' ||
  /^(::ffff:)?127\./.test(address);

/** The delay after the latest failure once `count` failures are in the window. */
const delayMs = (count: number, rule: { free: number; maxMs: number }) =>
  count < rule.free ? 0 : Math.min(rule.maxMs, second * 2 ** (count - rule.free));

// Usernames have no line breaks: the pair's subject is the account, a line feed, then the client.
const pairSubject = (account: string, client: string) => `${account}\n${client}`;

interface Count {
  n: number;
  latest: number | null;
}

async function countOf(
  trx: StoreTransaction,
  scope: 'pair' | 'client',
  subject: string,
  since: number,
): Promise<Count> {
  return trx
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('at').as('latest')])
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
}

/** How many clients failed on the account in the window, and when the latest did. */
async function spreadOf(trx: StoreTransaction, account: string, since: number): Promise<Count> {
  return trx
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.count<number>('subject').distinct().as('n'),
      eb.fn.max<number | null>('at').as('latest'),
    ])
    .where('scope', '=', 'pair')
    .where('subject', '>=', `${account}\n`)
    .where('subject', '<', `${account}\u000b`)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
}

export type LoginAttempt = { retryAfter: number } | { rowIds: number[] };

/** The seconds to wait, or 0. */
const waitFrom = (count: Count, ms: number, now: number) =>
  count.latest === null || ms === 0 ? 0 : Math.max(0, count.latest + ms - now);

/**
 * Checks the counts and, when the attempt may go ahead, counts it as a failure, under one lock, so
 * that attempts on other replicas cannot pass the same check before this one is counted.
 * `releaseLoginAttempt` takes it back when the password turns out right.
 */
export async function reserveLoginAttempt(
  store: ConsoleStore,
  who: { account: string; client: string },
  now: number,
): Promise<LoginAttempt> {
  const shared = isSharedAddress(who.client);
  const pair = pairSubject(who.account, who.client);
  const memory = refusalMemory(store);
  const remembered = Math.max(
    memory.until(`pair:${pair}`, now),
    shared ? 0 : memory.until(`client:${who.client}`, now),
    memory.until(`account:${who.account}`, now),
  );
  if (remembered > 0) return { retryAfter: Math.ceil(remembered / second) };
  return store.exclusive('login-throttle', async (trx): Promise<LoginAttempt> => {
    const since = now - throttleWindowMs;
    const pairCount = await countOf(trx, 'pair', pair, since);
    const waits: [string, number][] = [
      [
        `pair:${pair}`,
        waitFrom(pairCount, delayMs(pairCount.n, rules[shared ? 'sharedPair' : 'pair']), now),
      ],
      [`account:${who.account}`, 0],
    ];
    const spread = await spreadOf(trx, who.account, since);
    waits[1] = [`account:${who.account}`, waitFrom(spread, delayMs(spread.n, rules.spread), now)];
    if (!shared) {
      const clientCount = await countOf(trx, 'client', who.client, since);
      waits.push([
        `client:${who.client}`,
        waitFrom(clientCount, delayMs(clientCount.n, rules.client), now),
      ]);
    }
    for (const [key, ms] of waits) if (ms > 0) memory.remember(key, now + ms);
    const wait = Math.max(...waits.map(([, ms]) => ms));
    if (wait > 0) return { retryAfter: Math.ceil(wait / second) };
    await trx.deleteFrom('login_failures').where('at', '<=', since).execute();
    const rows = await trx
      .insertInto('login_failures')
      .values([
        { scope: 'pair', subject: pair, at: now },
        ...(shared ? [] : [{ scope: 'client', subject: who.client, at: now }]),
      ])
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

/**
 * A successful sign-in clears the account's failures from this client; those of other clients stay
 * (they are someone else's guesses).
 */
export async function clearPairFailures(
  store: ConsoleStore,
  who: { account: string; client: string },
): Promise<void> {
  const pair = pairSubject(who.account, who.client);
  refusalMemory(store).forget(`pair:${pair}`);
  await store.db
    .deleteFrom('login_failures')
    .where('scope', '=', 'pair')
    .where('subject', '=', pair)
    .execute();
}
