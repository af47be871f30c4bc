import { csvCell } from '../../../src/api/csv';
import type { AuditEntry } from '../../../src/api/schemas/console';

const columns: [string, (e: AuditEntry) => string | number | null][] = [
  ['time', (e) => e.at],
  ['operator', (e) => e.operator],
  ['role', (e) => e.role],
  ['action', (e) => e.action],
  ['operation', (e) => e.operation],
  ['targets', (e) => JSON.stringify(e.targets)],
  ['on_behalf_of', (e) => e.onBehalfOf],
  ['reason', (e) => e.reason],
  ['status', (e) => e.status],
  ['upstream_status', (e) => e.upstreamStatus],
  ['outcome', (e) => e.outcome],
  ['detail', (e) => e.detail],
  ['duration_ms', (e) => e.durationMs],
  ['request_id', (e) => e.requestId],
  ['repeat_count', (e) => e.repeatCount],
  ['client', (e) => e.client],
  ['note', (e) => e.note],
  ['reason_id', (e) => e.reasonId],
];

export const auditCsvHeader = columns.map(([name]) => name).join(',') + '\r\n';

/** One CSV line per entry; the same format for the export and the retention archive. */
export const auditCsvLine = (entry: AuditEntry) =>
  columns.map(([, get]) => csvCell(get(entry))).join(',') + '\r\n';
