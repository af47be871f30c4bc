import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { User } from '@/api/schemas/user';
import { PagePagination } from '@/components/page-pagination';
import { pageSizes } from './directory-params';
import type { UidSelection } from './use-uid-selection';
import { UserRow } from './user-row';
import { rowClasses as c, UsersTableRoot } from './users-table-styles';

interface Props {
  users: User[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Absent when the operator may not act on accounts: no checkboxes then. */
  selection?: UidSelection | undefined;
}

/** "Select all users on this page": checked, unchecked or mixed, drawn like the rows' boxes. */
function PageCheckbox({ uids, selection }: { uids: string[]; selection: UidSelection }) {
  const selectedHere = uids.filter((uid) => selection.has(uid)).length;
  const mixed = selectedHere > 0 && selectedHere < uids.length;
  return (
    <span className={c.check}>
      <input
        type="checkbox"
        ref={(input) => {
          if (input) input.indeterminate = mixed;
        }}
        checked={uids.length > 0 && selectedHere === uids.length}
        onChange={(event) => selection.setMany(uids, event.target.checked)}
        aria-label="Select all users on this page"
      />
      <span className={c.checkIcon} />
    </span>
  );
}

export function UsersTable({
  users,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  selection,
}: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <UsersTableRoot aria-label="Users" size="small">
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox">
                  <PageCheckbox uids={users.map((user) => user.uid)} selection={selection} />
                </TableCell>
              ) : null}
              <TableCell>Name</TableCell>
              <TableCell>Uid</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Last active</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {/* Keyed by position: a page change rewrites the rows in place (text and attributes) instead of
                removing 100 rows and building 100 new ones. Rows hold no state of their own. */}
            {users.map((user, index) => (
              <UserRow
                key={index}
                user={user}
                selected={selection?.has(user.uid) ?? false}
                onToggle={selection?.toggle}
              />
            ))}
          </TableBody>
        </UsersTableRoot>
      </TableContainer>
      <PagePagination
        total={total}
        page={page}
        perPage={perPage}
        pageSizes={pageSizes}
        perPageLabel="Users per page"
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Paper>
  );
}
