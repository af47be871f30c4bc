import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ModerationReason } from '@/api/schemas/moderation-reason';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';

interface Actions {
  /** Undefined when the operator may not edit; `readOnlyReason` is shown instead. */
  onEdit: ((reason: ModerationReason) => void) | undefined;
  onDelete: ((reason: ModerationReason) => void) | undefined;
  readOnlyReason: string;
}

function ReasonActions({
  reason,
  onEdit,
  onDelete,
  readOnlyReason,
}: Actions & { reason: ModerationReason }) {
  const deleteTitle = !onDelete
    ? readOnlyReason
    : reason.default
      ? 'Default reasons cannot be deleted'
      : `Delete ${reason.id}`;
  return (
    <>
      <Tooltip title={onEdit ? `Edit ${reason.id}` : readOnlyReason}>
        <span>
          <IconButton
            aria-label={`Edit ${reason.id}`}
            disabled={!onEdit}
            onClick={() => onEdit?.(reason)}
          >
            <EditOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={deleteTitle}>
        <span>
          <IconButton
            aria-label={`Delete ${reason.id}`}
            disabled={!onDelete || reason.default === true}
            onClick={() => onDelete?.(reason)}
          >
            <DeleteOutlined />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}

/** The moderation reasons, with edit and delete buttons (disabled, with the reason, when read-only). */
export function reasonsTable(actions: Actions): PagedTableSpec<ModerationReason> {
  return {
    label: 'Moderation reasons',
    noun: 'reason',
    rowId: (reason) => reason.id,
    columns: [
      valueColumn('id', 'Id', (reason) => reason.id, { className: c.mono }),
      valueColumn('name', 'Name', (reason) => (
        <>
          {reason.name}
          {reason.default ? (
            <span className={`${c.chip} ${c.chipPrimary} ${c.gap}`}>Default</span>
          ) : null}
        </>
      )),
      valueColumn('description', 'Description', (reason) => reason.description || '—', {
        className: c.muted,
      }),
      valueColumn('updated', 'Updated', (reason) => <DateTime seconds={reason.updatedAt} />, {
        className: c.noWrap,
      }),
      valueColumn(
        'actions',
        'Actions',
        (reason) => <ReasonActions reason={reason} {...actions} />,
        {
          align: 'right',
          className: c.noWrap,
        },
      ),
    ],
  };
}
