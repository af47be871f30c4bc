import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { Operator } from '@/api/schemas/console';
import { operatorRoleSchema, type OperatorRole } from '@/api/schemas/session';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { roleLabels, roles } from './role-labels';

interface Options {
  /** The signed-in operator, who cannot remove their own account. */
  self: string | undefined;
  /** The operator whose role change is being saved. */
  pendingRole: string | undefined;
  onRoleChange: (operator: Operator, role: OperatorRole) => void;
  onRemove: (operator: Operator) => void;
}

/** The operator accounts: the role is changed in place, an account removed after a confirm. */
export function operatorsTable({
  self,
  pendingRole,
  onRoleChange,
  onRemove,
}: Options): PagedTableSpec<Operator> {
  const roleSelect = (operator: Operator) => (
    <Select
      size="small"
      value={operator.role}
      disabled={pendingRole === operator.username}
      onChange={(event) => {
        const role = operatorRoleSchema.safeParse(event.target.value);
        if (role.success && role.data !== operator.role) onRoleChange(operator, role.data);
      }}
      inputProps={{ 'aria-label': `Role of ${operator.username}` }}
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleLabels[role]}
        </MenuItem>
      ))}
    </Select>
  );
  const remove = (operator: Operator) => (
    <Tooltip title={operator.username === self ? 'You cannot remove your own account.' : ''}>
      <span>
        <Button
          size="small"
          color="error"
          disabled={operator.username === self}
          onClick={() => onRemove(operator)}
          aria-label={`Remove ${operator.username}`}
        >
          Remove
        </Button>
      </span>
    </Tooltip>
  );
  return {
    label: 'Operators',
    noun: 'operator',
    rowId: (operator) => operator.username,
    columns: [
      valueColumn(
        'username',
        'Username',
        ({ username }) => `${username}${username === self ? ' (you)' : ''}`,
        { className: c.mono },
      ),
      valueColumn('role', 'Role', roleSelect),
      valueColumn(
        'added',
        'Added',
        (operator) => <DateTime seconds={Date.parse(operator.createdAt) / 1000} />,
        { className: c.noWrap },
      ),
      valueColumn('actions', 'Actions', remove, { align: 'right' }),
    ],
  };
}
