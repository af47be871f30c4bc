import type { AuditEntry } from '@/api/schemas/console';

export const reviewOperation = 'blocked.review';
export const deleteOperation = 'messages.delete';

const field = (target: string | null, name: string) => target?.match(new RegExp(`(?:^|\\s)${name}=(\\S+)`))?.[1];

/** The message an audit entry is about, from its target (`messageId=42` or `id=42`). */
export function auditMessageId(entry: AuditEntry): string | undefined {
  return field(entry.target, 'messageId') ?? field(entry.target, 'id');
}

/** "Approved", "Rejected", "Deleted permanently"… as far as the entry tells. */
export function auditActionLabel(entry: AuditEntry): string {
  if (entry.action === deleteOperation) return field(entry.target, 'permanent') === 'true' ? 'Deleted permanently' : 'Deleted';
  if (entry.action === reviewOperation) {
    const status = field(entry.target, 'status');
    return status === 'approved' ? 'Approved' : status === 'rejected' ? 'Rejected' : 'Approved or rejected';
  }
  return entry.action;
}

/** "Done", "Failed (404): …", "Refused (403)": the result in words, with the status code. */
export function auditResultLabel(entry: AuditEntry): string {
  const word = entry.outcome === 'ok' ? 'Done' : entry.outcome === 'denied' ? 'Refused' : 'Failed';
  const status = entry.upstreamStatus ?? entry.status;
  return `${word} (${status})${entry.outcome !== 'ok' && entry.detail ? `: ${entry.detail}` : ''}`;
}
