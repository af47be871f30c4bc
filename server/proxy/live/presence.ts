import type { ConsoleStore } from '../store/store';
import { releaseLease, takeLease } from './lease';

/**
 * Which operators have a live-queue stream open on which console server, as short leases in the
 * store (`watching:<server>:<operator>`, held by the operator). A server whose last stream of an
 * operator closes releases their claims only when no other replica has one: behind a load balancer
 * the same browser's requests and stream land on different replicas.
 */
const prefix = 'watching:';
const nameOf = (server: string, operator: string) => `${prefix}${server}:${operator}`;

/** Announces (or renews) that `server` has streams of each of `operators` until `now + ms`. */
export async function announceWatching(
  store: ConsoleStore,
  server: string,
  operators: Iterable<string>,
  now: number,
  ms: number,
): Promise<void> {
  for (const operator of operators)
    await takeLease(store, { name: nameOf(server, operator), holder: operator, now, ms });
}

/** `server` has no stream of `operator` any more. */
export function endWatching(store: ConsoleStore, server: string, operator: string) {
  return releaseLease(store, nameOf(server, operator), operator);
}

/** Whether another console server announced a stream of `operator` that has not lapsed. */
export async function watchedElsewhere(
  store: ConsoleStore,
  server: string,
  operator: string,
  now: number,
): Promise<boolean> {
  const found = await store.db
    .selectFrom('leases')
    .select('name')
    .where('holder', '=', operator)
    .where('name', 'like', `${prefix}%`)
    .where('name', '<>', nameOf(server, operator))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return found !== undefined;
}
