import type { GoneItem, PollerStatusEvent } from '../../../src/api/schemas/live-queue';
import type { Runtime } from '../context';
import { goneItems } from './gone-items';
import type { LiveList } from './live-lists';
import type { LiveEvent } from './live-options';
import { readCurrentSnapshot, type QueueSnapshot } from './queue-snapshot';

/** What this server shows its watchers of one list. */
interface Shown {
  /** The newest snapshot version applied. */
  seen: number;
  /** The pending ids of the list last shown; undefined before the first. */
  ids: ReadonlySet<string> | undefined;
  /** The version and body of the last `queue` event, sent again to a watcher that lacks it. */
  version: number;
  queue: string | undefined;
  status: string;
}

const starting: PollerStatusEvent = { state: 'starting' };
const nothingShown = (): Shown => ({
  seen: 0,
  ids: undefined,
  version: 0,
  queue: undefined,
  status: JSON.stringify(starting),
});

/**
 * Follow/apply: turns the snapshots of one list (stored by whichever replica polls it) into this
 * server's events, as one server always did: the list with the ids that arrived and the items that
 * left since the list this server showed last, each named from the audit trail (one read for all
 * of them).
 */
export function createListFollower(
  rt: Runtime,
  list: LiveList,
  out: { send: (event: LiveEvent) => void; left: (gone: readonly GoneItem[]) => Promise<void> },
) {
  let shown = nothingShown();

  /** Applies a newer snapshot; `current` says whether the turn that read it still runs. */
  const apply = async (version: number, snapshot: QueueSnapshot, current: () => boolean) => {
    if (version <= shown.seen) return;
    shown.seen = version;
    const before = shown;
    let queue: LiveEvent | undefined;
    let removed: GoneItem[] = [];
    if (snapshot.ids !== null) {
      const ids = new Set(snapshot.ids);
      const added = before.ids ? snapshot.ids.filter((id) => !before.ids?.has(id)) : [];
      const left = [...(before.ids ?? [])].filter((id) => !ids.has(id));
      removed = await goneItems(rt, list, left);
      // Stopped meanwhile (or a newer turn began): what was read is not shown.
      if (!current() || before !== shown) return;
      shown.ids = ids;
      if (shown.queue === undefined || added.length > 0 || removed.length > 0) {
        shown.version = version;
        shown.queue = JSON.stringify({ version, list: snapshot.list, added, removed });
        queue = { event: 'queue', id: String(version), data: shown.queue };
      }
    }
    const status = JSON.stringify(snapshot.status);
    if (status !== shown.status) {
      shown.status = status;
      out.send({ event: 'status', data: status });
    }
    if (queue) out.send(queue);
    if (removed.length > 0) await out.left(removed);
  };

  return {
    apply,
    /** Reads a newer snapshot of the list's current poller, if there is one, and applies it. */
    async follow(current: () => boolean) {
      const found = await readCurrentSnapshot(rt.deps.store, list, {
        after: shown.seen,
        now: rt.now(),
      });
      if (found && current()) await apply(found.version, found.snapshot, current);
    },
    statusEvent: (): LiveEvent => ({ event: 'status', data: shown.status }),
    /** The list for a new watcher, unless its `Last-Event-ID` says it has this version already. */
    queueEventFor(lastEventId: string | undefined): LiveEvent | undefined {
      if (shown.queue === undefined || lastEventId === String(shown.version)) return undefined;
      return { event: 'queue', id: String(shown.version), data: shown.queue };
    },
    /** Nobody watches here any more: what was shown is stale; the next watcher waits for a current list. */
    reset() {
      shown = nothingShown();
    },
  };
}
