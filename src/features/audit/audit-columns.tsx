import type { ReactNode } from 'react';
import type { AuditEntry, AuditOutcome } from '@/api/schemas/console';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { AuditTargetsText } from '@/components/audit-targets';
import { UserLink } from '@/components/user-link';
import { formatTargets } from '@/utils/format-targets';

const outcomes: Record<AuditOutcome, { label: string; tone: string }> = {
  ok: { label: 'OK', tone: c.chipSuccess },
  refused: { label: 'Refused', tone: c.chipWarning },
  failed: { label: 'Failed', tone: c.chipError },
  unknown: { label: 'Unknown', tone: c.chipAlert },
  denied: { label: 'Denied', tone: c.chipWarning },
  pending: { label: 'Pending', tone: c.chipPrimary },
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A value, and under it a second, smaller line when there is one. */
const withNote = (value: ReactNode, note: string | null | undefined, code = false) => (
  <>
    {value}
    {note ? <span className={code ? `${c.note} ${c.code}` : c.note}>{note}</span> : null}
  </>
);

function outcome(entry: AuditEntry) {
  const { label, tone } = outcomes[entry.outcome];
  // A coalesced refusal stands for every identical one of its minute.
  const times = entry.repeatCount > 1 ? ` ×${entry.repeatCount}` : '';
  return withNote(<span className={`${c.chip} ${tone}`}>{label + times}</span>, entry.detail);
}

/** Audit entries, newest first, one row each: who, what, on what, and how it ended. */
export const auditTable: PagedTableSpec<AuditEntry> = {
  label: 'Audit log',
  noun: 'audit entry',
  loadingLabel: 'Loading the audit log',
  rowId: (entry) => String(entry.id),
  columns: [
    valueColumn(
      'time',
      'Time',
      (entry) => <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>,
      { className: c.noWrap },
    ),
    valueColumn('operator', 'Operator', (entry) => withNote(entry.operator ?? '—', entry.role)),
    valueColumn('operation', 'Operation', (entry) => withNote(entry.action, entry.operation, true)),
    valueColumn(
      'target',
      'Target',
      (entry) =>
        formatTargets(entry.targets) ? (
          <AuditTargetsText targets={entry.targets} className={c.link} />
        ) : (
          '—'
        ),
      {
        className: c.code,
      },
    ),
    valueColumn(
      'onBehalfOf',
      'On behalf of',
      (entry) =>
        entry.onBehalfOf === null ? '—' : <UserLink className={c.link} uid={entry.onBehalfOf} />,
      {
        className: c.code,
      },
    ),
    valueColumn('reason', 'Reason and note', (entry) =>
      withNote(entry.reason ?? (entry.note ? '' : '—'), entry.note ? `Note: ${entry.note}` : null),
    ),
    valueColumn('outcome', 'Outcome', outcome),
    valueColumn(
      'status',
      'Status',
      ({ status, upstreamStatus }) =>
        withNote(
          status ?? '—',
          upstreamStatus !== null && upstreamStatus !== status
            ? `upstream ${upstreamStatus}`
            : null,
        ),
      { align: 'right', className: c.noWrap },
    ),
  ],
};
