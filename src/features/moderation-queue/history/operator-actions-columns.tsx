import { Link } from 'react-router';
import type { AuditEntry } from '@/api/schemas/console';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { paths } from '@/config/paths';
import { formatTargets } from '@/utils/format-targets';
import {
  auditActionLabel,
  auditExplanation,
  auditMessageId,
  auditResultLabel,
} from './audit-entry';

function message(entry: AuditEntry) {
  const messageId = auditMessageId(entry);
  // A ban's action names its user and group already.
  if (!messageId)
    return entry.action.startsWith('bans.') ? '—' : formatTargets(entry.targets) || '—';
  return (
    <Link className={c.link} to={paths.message.href(messageId)}>
      Message {messageId}
    </Link>
  );
}

/** Who approved, rejected or deleted which message, when, and how it ended. */
export const operatorActionsTable: PagedTableSpec<AuditEntry> = {
  label: 'Operator actions on blocked messages',
  noun: 'operator action',
  rowId: (entry) => String(entry.id),
  columns: [
    valueColumn(
      'when',
      'When',
      (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>,
      { className: c.noWrap },
    ),
    valueColumn('operator', 'Operator', (entry) => entry.operator ?? '—'),
    valueColumn('action', 'Action', auditActionLabel),
    valueColumn('message', 'Message', message),
    valueColumn('why', 'Reason and note', (entry) => auditExplanation(entry) || '—'),
    valueColumn('result', 'Result', auditResultLabel),
  ],
};
