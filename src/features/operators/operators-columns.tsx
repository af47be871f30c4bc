import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { Hint } from '@/components/hint';
import type { Operator } from '@/api/schemas/console';
import { operatorRoleSchema, type OperatorRole } from '@/api/schemas/session';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { roleLabels, roles } from './role-labels';

interface Options {
  /** The signed-in operator, who cannot remove their own account. */
  self: string | undefined;
  /** Asks to confirm a role picked in the row's select. */
  onRoleChange: (operator: Operator, role: OperatorRole) => void;
  onRemove: (operator: Operator) => void;
  onSessions: (operator: Operator) => void;
}

/** The operator accounts: a role picked in place and a removal both ask to confirm first. */
export function operatorsTable({
  self,
  onRoleChange,
  onRemove,
  onSessions,
}: Options): PagedTableSpec<Operator> {
  const roleSelect = (operator: Operator) =>
    operator.signsInWith === 'sso' ? (
      // The provider's groups set it at each sign-in (decision 0018): nothing to pick here.
      <span>{roleLabels[operator.role]}, from the identity provider</span>
    ) : (
      <Select
        size="small"
        value={operator.role}
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
    <Hint title={operator.username === self ? 'You cannot remove your own account.' : ''}>
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
    </Hint>
  );
  const sessions = (operator: Operator) => {
    const count =
      operator.activeSessions === 1 ? '1 session' : `${operator.activeSessions} sessions`;
    return (
      <Button
        size="small"
        onClick={() => onSessions(operator)}
        aria-label={`${count} of ${operator.username}`}
      >
        {count}
      </Button>
    );
  };
  const lastSignIn = (operator: Operator) =>
    operator.lastSignInAt === null ? (
      <span>Never</span>
    ) : (
      <DateTime seconds={Date.parse(operator.lastSignInAt) / 1000} />
    );
  return {
    label: 'Operators',
    noun: 'operator',
    rowId: (operator) => operator.username,
    columns: [
      valueColumn(
        'username',
        'Username',
        ({ username, mustChangePassword, signsInWith }) =>
          `${username}${username === self ? ' (you)' : ''}${mustChangePassword ? ' · initial password' : ''}${signsInWith === 'sso' ? ' · single sign-on' : ''}`,
        { className: c.mono },
      ),
      valueColumn('role', 'Role', roleSelect),
      valueColumn(
        'added',
        'Added',
        (operator) => <DateTime seconds={Date.parse(operator.createdAt) / 1000} />,
        { className: c.noWrap },
      ),
      valueColumn('lastSignIn', 'Last sign-in', lastSignIn, { className: c.noWrap }),
      valueColumn('sessions', 'Sessions', sessions),
      valueColumn('actions', 'Actions', remove, { align: 'right' }),
    ],
  };
}
