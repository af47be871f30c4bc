import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { User } from '@/api/schemas/user';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { lastActiveColumn, userIdentityColumns, userRowId } from '@/components/user-columns';
import { deniedReason } from '@/config/capabilities';

/** A group's banned users; `onUnban` is undefined when the operator may not unban. */
export function bannedUsersTable(
  onUnban: ((user: User) => void) | undefined,
): PagedTableSpec<User> {
  const unban = (user: User) => (
    <Tooltip title={onUnban ? '' : deniedReason('manageBans')}>
      <span>
        <Button
          size="small"
          disabled={!onUnban}
          onClick={() => onUnban?.(user)}
          aria-label={`Unban ${user.uid}`}
        >
          Unban
        </Button>
      </span>
    </Tooltip>
  );
  return {
    label: 'Banned users',
    noun: 'banned user',
    rowId: userRowId,
    columns: [
      ...userIdentityColumns,
      lastActiveColumn,
      valueColumn('actions', 'Actions', unban, { align: 'right' }),
    ],
  };
}
