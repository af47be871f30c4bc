import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditFilter } from '../../../src/api/schemas/console';
import { auditChunk, type AuditCursor } from './audit-query';
import type { ConsoleStore } from '../store/store';
import { auditCsvHeader, auditCsvLine } from './audit-csv';

export const exportChunkRows = 1_000;

/**
 * The audit CSV as a stream of chunks of `exportChunkRows` rows, newest first, at most `limit` rows.
 * Each chunk is read when the client takes the previous one, after a turn of the event loop, so a
 * large export never holds other requests up for long.
 */
export function auditCsvStream(
  store: ConsoleStore,
  filter: Omit<AuditFilter, 'page' | 'perPage'>,
  limit: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: AuditCursor | undefined;
  let sent = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(auditCsvHeader));
    },
    async pull(controller) {
      await nextTurn();
      if (done || store.closed) {
        controller.close();
        return;
      }
      const size = Math.min(exportChunkRows, limit - sent);
      const chunk = await auditChunk(store, filter, cursor, size);
      sent += chunk.entries.length;
      cursor = chunk.next;
      done = cursor === undefined || sent >= limit;
      if (chunk.entries.length > 0)
        controller.enqueue(encoder.encode(chunk.entries.map(auditCsvLine).join('')));
      if (done) controller.close();
    },
  });
}
