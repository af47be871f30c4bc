import type { ConsoleStore } from '../store/store';

/**
 * Takes the lease `name` for `holder` until `now + ms`, or renews it: in one statement, so of two
 * replicas asking at once only one gets it. It is free when nobody holds it or the holder let it
 * expire (a replica that stopped without giving it back). True when `holder` has it now.
 */
export async function takeLease(
  store: ConsoleStore,
  lease: { name: string; holder: string; now: number; ms: number },
): Promise<boolean> {
  const taken = await store.db
    .insertInto('leases')
    .values({ name: lease.name, holder: lease.holder, expires_at: lease.now + lease.ms })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('leases.expires_at', '<=', lease.now),
            eb('leases.holder', '=', eb.ref('excluded.holder')),
          ]),
        ),
    )
    // A row comes back only when it was written: a lease someone else holds is left alone.
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === lease.holder;
}

/** Gives the lease back, so another replica may take it at once (nothing if `holder` lost it). */
export async function releaseLease(store: ConsoleStore, name: string, holder: string) {
  await store.db
    .deleteFrom('leases')
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
