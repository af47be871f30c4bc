import type { OperationName } from '@/api/contract/operations';
import type { AuditEntry, AuditOutcome } from '@/api/schemas/console';

export const reviewOperation = 'blocked.review' satisfies OperationName;
export const flagReviewOperation = 'flagged.review' satisfies OperationName;
export const deleteOperation = 'messages.delete' satisfies OperationName;
export const banOperation = 'bans.add' satisfies OperationName;
export const unbanOperation = 'bans.remove' satisfies OperationName;

const text = (entry: AuditEntry, name: string) => {
  const value = entry.targets[name];
  return typeof value === 'string' ? value : undefined;
};

/** The message an audit entry is about, from its targets (`messageId` of a review, `id` of a deletion). */
export function auditMessageId(entry: AuditEntry): string | undefined {
  return text(entry, 'messageId') ?? text(entry, 'id');
}

/** "Approved", "Rejected", "Deleted permanently"… as far as the entry tells. */
export function auditActionLabel(entry: AuditEntry): string {
  if (entry.action === banOperation || entry.action === unbanOperation) {
    const who = text(entry, 'uid') ?? 'a user';
    const group = text(entry, 'guid') ?? 'a group';
    return `${entry.action === banOperation ? 'Banned' : 'Unbanned'} ${who} from ${group}`;
  }
  if (entry.action === deleteOperation)
    return entry.targets.permanent === true ? 'Deleted permanently' : 'Deleted';
  if (entry.action === reviewOperation) {
    const status = text(entry, 'status');
    return status === 'approved'
      ? 'Approved'
      : status === 'rejected'
        ? 'Rejected'
        : 'Approved or rejected';
  }
  if (entry.action === flagReviewOperation) {
    const status = text(entry, 'status');
    return status === 'approved'
      ? 'Approved flag (kept visible)'
      : status === 'disapproved'
        ? 'Blocked flag (hidden)'
        : 'Approved or blocked flag';
  }
  return entry.action;
}

/** "Spam / Unwanted Content — Third time today": the reason and the note an operator gave, if any. */
export function auditExplanation(entry: Pick<AuditEntry, 'reason' | 'note'>): string {
  return [entry.reason, entry.note].filter(Boolean).join(' — ');
}

const words: Record<AuditOutcome, string> = {
  ok: 'Done',
  refused: 'Refused by the chat service',
  failed: 'Failed, not sent',
  unknown: 'Unknown, may have been applied',
  denied: 'Refused by the console',
  pending: 'In progress',
};

/** "Done (200)", "Refused by the chat service (404): …", "Unknown, may have been applied (504): …". */
export function auditResultLabel(entry: AuditEntry): string {
  const status = entry.upstreamStatus ?? entry.status;
  const code = status === null ? '' : ` (${status})`;
  return `${words[entry.outcome]}${code}${entry.outcome !== 'ok' && entry.detail ? `: ${entry.detail}` : ''}`;
}
