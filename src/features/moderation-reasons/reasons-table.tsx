import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ModerationReason } from '@/api/schemas/moderation-reason';
import { DateTime } from '@/components/date-time';

interface Props {
  reasons: ModerationReason[];
  /** Undefined when the operator may not edit; the reason is shown instead. */
  onEdit?: (reason: ModerationReason) => void;
  onDelete?: (reason: ModerationReason) => void;
  readOnlyReason?: string;
}

export function ReasonsTable({ reasons, onEdit, onDelete, readOnlyReason }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Moderation reasons">
        <TableHead>
          <TableRow>
            <TableCell>Id</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Updated</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reasons.map((reason) => (
            <TableRow key={reason.id} hover>
              <TableCell sx={{ fontFamily: 'monospace' }}>{reason.id}</TableCell>
              <TableCell>
                {reason.name}
                {reason.default ? (
                  <Chip
                    label="Default"
                    size="small"
                    color="primary"
                    variant="outlined"
                    sx={{ ml: 1 }}
                  />
                ) : null}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{reason.description || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTime seconds={reason.updatedAt} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={onEdit ? `Edit ${reason.id}` : (readOnlyReason ?? '')}>
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
                <Tooltip
                  title={
                    !onDelete
                      ? (readOnlyReason ?? '')
                      : reason.default
                        ? 'Default reasons cannot be deleted'
                        : `Delete ${reason.id}`
                  }
                >
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
