import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import { Link } from 'react-router';
import type { Group } from '@/api/schemas/group';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { EmptyState } from '@/components/states';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';

// A type the console does not know is shown as the service sent it.
const typeLabels: Partial<Record<string, string>> = {
  public: 'Public',
  private: 'Private',
  password: 'Password',
};

export const groupsTable: PagedTableSpec<Group> = {
  label: 'Groups',
  noun: 'group',
  rowId: (group) => group.guid,
  columns: [
    valueColumn('name', 'Name', (group) => group.name),
    valueColumn('guid', 'Guid', (group) => group.guid, { className: c.mono }),
    valueColumn('type', 'Type', (group) => (
      <span className={c.chip}>{typeLabels[group.type] ?? group.type}</span>
    )),
    valueColumn(
      'members',
      'Members',
      (group) => (
        <Link
          className={c.link}
          to={paths.groupMembers.href(group.guid)}
          aria-label={`Members of ${group.name}`}
        >
          {group.membersCount === undefined ? 'View' : formatCount(group.membersCount)}
        </Link>
      ),
      { align: 'right' },
    ),
    valueColumn('owner', 'Owner', (group) => group.owner ?? '—', { className: c.mono }),
    valueColumn('created', 'Created', (group) => <DateTime seconds={group.createdAt} />, {
      className: c.noWrap,
    }),
    valueColumn('banned', 'Banned users', (group) => (
      <Link
        className={c.link}
        to={paths.groupBanned.href(group.guid)}
        aria-label={`Banned users of ${group.name}`}
      >
        View
      </Link>
    )),
  ],
};

export const noGroups = (
  <EmptyState title="No groups match" icon={<GroupOffOutlined />}>
    Try another search or type.
  </EmptyState>
);
