import type { Logger } from 'pino';
import { recordAudit, type AuditRecord } from '../store/audit-log';
import type { ConsoleStore } from '../store/store';

/** What makes two unauthenticated refusals the same one, repeated. */
export interface DenialKey {
  client: string;
  /** `/api`, `/console`, `/auth` or `/`: the first segment of the path. */
  pathClass: string;
  code: string;
}

interface Slot {
  id: number;
  windowStart: number;
  count: number;
  written: number;
  lastAt: number;
}

export interface DenialCoalescer {
  /**
   * Records the refusal as a row, or, when an identical one (same client, path class, code, action,
   * operator and detail) has a row from less than a minute ago, counts it into that row. Throws when
   * the row cannot be written.
   */
  record(entry: AuditRecord, key: DenialKey): void;
  /** Writes every count not written yet, and forgets windows that ended. */
  flush(): void;
  /** Flushes and stops the minute timer. */
  close(): void;
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
  const { store } = opts;

  const write = (slot: Slot) => {
    if (slot.count === slot.written || store.closed) return;
    try {
      store
        .statement('UPDATE audit SET repeat_count = ?, last_at = ? WHERE id = ?')
        .run(slot.count, slot.lastAt, slot.id);
      slot.written = slot.count;
    } catch (error) {
      opts.logger.error({ err: error, auditId: slot.id }, 'audit repeat count not written');
    }
  };

  const flush = () => {
    const now = opts.now();
    for (const [key, slot] of slots) {
      write(slot);
      if (now - slot.windowStart >= windowMs) slots.delete(key);
    }
  };
  const timer = setInterval(flush, windowMs);
  timer.unref();

  return {
    record(entry, key) {
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
        return;
      }
      if (slot) {
        write(slot);
        slots.delete(id);
      }
      slots.set(id, {
        id: recordAudit(store, row),
        windowStart: now,
        count: 1,
        written: 1,
        lastAt: now,
      });
    },
    flush,
    close() {
      clearInterval(timer);
      for (const slot of slots.values()) write(slot);
      slots.clear();
    },
  };
}
