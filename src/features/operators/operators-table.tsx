import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { operatorRoleSchema, type OperatorRole } from '@/api/schemas/session';
import type { Operator } from '@/api/schemas/console';
import { DateTime } from '@/components/date-time';
import { roleLabels, roles } from './role-labels';

interface Props {
  operators: Operator[];
  /** The signed-in operator, who cannot remove their own account. */
  self: string | undefined;
  /** The operator whose role change is being saved. */
  pendingRole: string | undefined;
  onRoleChange: (operator: Operator, role: OperatorRole) => void;
  onRemove: (operator: Operator) => void;
}

export function OperatorsTable({ operators, self, pendingRole, onRoleChange, onRemove }: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Operators" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Username</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Added</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {operators.map((operator) => {
              const isSelf = operator.username === self;
              return (
                <TableRow key={operator.username} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {operator.username}
                    {isSelf ? ' (you)' : ''}
                  </TableCell>
                  <TableCell>
                    <Select
                      size="small"
                      value={operator.role}
                      disabled={pendingRole === operator.username}
                      onChange={(event) => {
                        const role = operatorRoleSchema.safeParse(event.target.value);
                        if (role.success && role.data !== operator.role)
                          onRoleChange(operator, role.data);
                      }}
                      inputProps={{ 'aria-label': `Role of ${operator.username}` }}
                    >
                      {roles.map((role) => (
                        <MenuItem key={role} value={role}>
                          {roleLabels[role]}
                        </MenuItem>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DateTime seconds={Date.parse(operator.createdAt) / 1000} />
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={isSelf ? 'You cannot remove your own account.' : ''}>
                      <span>
                        <Button
                          size="small"
                          color="error"
                          disabled={isSelf}
                          onClick={() => onRemove(operator)}
                          aria-label={`Remove ${operator.username}`}
                        >
                          Remove
                        </Button>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
