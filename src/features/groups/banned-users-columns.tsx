import Button from '@mui/material/Button';
import { Hint } from '@/components/hint';
import type { User } from '@/api/schemas/user';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { lastActiveColumn, userIdentityColumns, userRowId } from '@/components/user-columns';
import { deniedReason } from '@/config/capabilities';

/**
 * A group's banned users; `onUnban` is undefined when the operator may not unban, `reasons` (the
 * console's recorded reason by uid) when they may not read them.
 */
export function bannedUsersTable(
  onUnban: ((user: User) => void) | undefined,
  reasons?: ReadonlyMap<string, string>,
): PagedTableSpec<User> {
  const unban = (user: User) => (
    <Hint title={onUnban ? '' : deniedReason('manageBans')}>
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
    </Hint>
  );
  return {
    label: 'Banned users',
    noun: 'banned user',
    rowId: userRowId,
    columns: [
      ...userIdentityColumns,
      lastActiveColumn,
      ...(reasons
        ? [valueColumn<User>('reason', 'Ban reason', (user) => reasons.get(user.uid) ?? '—')]
        : []),
      valueColumn('actions', 'Actions', unban, { align: 'right' }),
    ],
  };
}
