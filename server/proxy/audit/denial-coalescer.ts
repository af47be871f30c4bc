import type { Logger } from 'pino';
import { recordAudit, type AuditRecord } from './audit-log';
import type { ConsoleStore } from '../store/store';

/** What makes two unauthenticated refusals the same one, repeated. */
export interface DenialKey {
  client: string;
  /** `/api`, `/console`, `/auth` or `/`: the first segment of the path. */
  pathClass: string;
  code: string;
}

interface Slot {
  /** The row's id once inserted; rejects when the row could not be written. */
  id: Promise<number>;
  windowStart: number;
  count: number;
  written: number;
  lastAt: number;
}

export interface DenialCoalescer {
  /**
   * Records the refusal as a row, or, when an identical one (same client, path class, code, action,
   * operator and detail) has a row from less than a minute ago, counts it into that row. Rejects
   * when the row cannot be written.
   */
  record(entry: AuditRecord, key: DenialKey): Promise<void>;
  /** Writes every count not written yet, and forgets windows that ended; never rejects. */
  flush(): Promise<void>;
  /** Stops the minute timer, waits for the writes under way and writes every count left. */
  close(): Promise<void>;
}

export const pathClass = (path: string) => `/${path.split('/')[1] ?? ''}`;

/**
 * Keeps the audit writes of a flood of unauthenticated refusals bounded: per distinct refusal, one
 * insert and then at most one update a minute, whatever the request rate. Beyond `maxKeys` distinct
 * refusals at once (many clients), further ones share one row per path class, code and action.
 */
export function createDenialCoalescer(opts: {
  store: ConsoleStore;
  logger: Logger;
  now: () => number;
  windowMs?: number;
  maxKeys?: number;
}): DenialCoalescer {
  const windowMs = opts.windowMs ?? 60_000;
  const maxKeys = opts.maxKeys ?? 1_000;
  const slots = new Map<string, Slot>();
  // Inserts and updates under way, so close() can wait for them before the store closes.
  const underWay = new Set<Promise<unknown>>();
  const { store } = opts;

  const track = (work: Promise<unknown>) => {
    const settled: Promise<unknown> = work.then(
      () => underWay.delete(settled),
      () => underWay.delete(settled),
    );
    underWay.add(settled);
  };

  // Runs from the minute timer too: it logs its failures and never rejects.
  const write = async (slot: Slot): Promise<void> => {
    if (slot.count === slot.written || store.closed) return;
    const { count, lastAt } = slot;
    // An insert that failed was reported to the refusal that made it; there is no row to count into.
    const id = await slot.id.catch(() => undefined);
    if (id === undefined || store.closed) return;
    try {
      await store.db
        .updateTable('audit')
        .set({ repeat_count: count, last_at: lastAt })
        .where('id', '=', id)
        // Only ever raises the count: two updates of one row may finish in either order.
        .where('repeat_count', '<', count)
        .execute();
      slot.written = Math.max(slot.written, count);
    } catch (error) {
      opts.logger.error({ err: error, auditId: id }, 'audit repeat count not written');
    }
  };
  const writing = (slot: Slot) => {
    const work = write(slot);
    track(work);
    return work;
  };

  const flush = async () => {
    const now = opts.now();
    const writes: Promise<void>[] = [];
    for (const [key, slot] of slots) {
      writes.push(writing(slot));
      if (now - slot.windowStart >= windowMs) slots.delete(key);
    }
    await Promise.all(writes);
  };
  const timer = setInterval(() => void flush(), windowMs);
  timer.unref();

  return {
    async record(entry, key) {
      const now = opts.now();
      let id = [
        key.client,
        key.pathClass,
        key.code,
        entry.action,
        entry.operator,
        entry.detail,
      ].join('\u0000');
      let row: AuditRecord = { ...entry, client: key.client };
      if (!slots.has(id) && slots.size >= maxKeys) {
        id = ['*', key.pathClass, key.code, entry.action].join('\u0000');
        row = {
          ...entry,
          operator: null,
          client: '*',
          detail: 'refusals from more clients than the console tracks at once',
        };
      }
      const slot = slots.get(id);
      if (slot && now - slot.windowStart < windowMs) {
        slot.count++;
        slot.lastAt = now;
        // Counted into a row still being inserted: fails with it.
        await slot.id;
        return;
      }
      // The slot is replaced before anything is awaited, so refusals arriving meanwhile count into
      // the new row instead of inserting one each.
      const fresh: Slot = {
        id: recordAudit(store, row),
        windowStart: now,
        count: 1,
        written: 1,
        lastAt: now,
      };
      slots.set(id, fresh);
      track(fresh.id);
      const ended = slot ? writing(slot) : undefined;
      try {
        await fresh.id;
      } catch (error) {
        // No row: the next refusal of its kind tries again.
        if (slots.get(id) === fresh) slots.delete(id);
        throw error;
      } finally {
        await ended;
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      for (const slot of slots.values()) void writing(slot);
      slots.clear();
      while (underWay.size > 0) await Promise.all(underWay);
    },
  };
}
