import { z } from 'zod';
import { pollerStatusEventSchema } from '../../../src/api/schemas/live-queue';
import type { ConsoleStore } from '../store/store';

/** The lease of the one replica that polls the service's blocked list for all of them. */
export const queueLease = 'queue-poll';

/** Which list's snapshot: its row in `live_snapshots` and the lease of the replica that writes it. */
export interface SnapshotNames {
  snapshot: string;
  lease: string;
}

const snapshotSchema = z.object({
  /** The lease holder that wrote it: a snapshot counts only while its writer holds the lease. */
  holder: z.string(),
  /** The service's answer as read, unchanged; null until the holder's first good read. */
  list: z.unknown(),
  /** The ids of its pending items, in order; null with `list`. */
  ids: z.array(z.string()).nullable(),
  /** Where the holder's poller stands (live, or paused and why), for every replica's watchers. */
  status: pollerStatusEventSchema,
});
export type QueueSnapshot = z.infer<typeof snapshotSchema>;

/** Stores a new snapshot; returns its version, one more than the last one's. */
export async function writeQueueSnapshot(
  store: ConsoleStore,
  names: SnapshotNames,
  at: number,
  snapshot: QueueSnapshot,
): Promise<number> {
  const written = await store.db
    .insertInto('live_snapshots')
    .values({ name: names.snapshot, version: 1, at, body: JSON.stringify(snapshot) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        version: eb('live_snapshots.version', '+', 1),
        at: eb.ref('excluded.at'),
        body: eb.ref('excluded.body'),
      })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return written.version;
}

/**
 * The snapshot when it is newer than version `after` and its writer holds the lease now. One that
 * a stopped poller left (the lease given back, or expired after a crash) is stale, and so is one
 * written before its writer lost the lease: a watcher never gets a list nobody keeps current.
 */
export async function readCurrentSnapshot(
  store: ConsoleStore,
  names: SnapshotNames,
  opts: { after: number; now: number },
): Promise<{ version: number; snapshot: QueueSnapshot } | undefined> {
  const row = await store.db
    .selectFrom('live_snapshots as s')
    .leftJoin('leases as l', (join) =>
      join.on('l.name', '=', names.lease).on('l.expires_at', '>', opts.now),
    )
    .select(['s.version', 's.body', 'l.holder'])
    .where('s.name', '=', names.snapshot)
    .where('s.version', '>', opts.after)
    .executeTakeFirst();
  if (!row?.holder) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.body);
  } catch {
    return undefined;
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success || parsed.data.holder !== row.holder) return undefined;
  return { version: row.version, snapshot: parsed.data };
}
