import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import type { Group } from '@/api/schemas/group';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';
import { pageSizes } from './list-params';
import { PagePagination } from '@/components/page-pagination';

const typeLabels = { public: 'Public', private: 'Private', password: 'Password' } as const;

interface Props {
  groups: Group[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

export function GroupsTable({
  groups,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
}: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Groups" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Guid</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Members</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Banned users</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((group) => (
              <TableRow key={group.guid} hover>
                <TableCell>{group.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{group.guid}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={typeLabels[group.type as keyof typeof typeLabels] ?? group.type}
                  />
                </TableCell>
                <TableCell align="right">
                  {group.membersCount === undefined ? '—' : formatCount(group.membersCount)}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{group.owner ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime seconds={group.createdAt} />
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={paths.groupBanned.href(group.guid)}
                    aria-label={`Banned users of ${group.name}`}
                  >
                    View
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination
        total={total}
        page={page}
        perPage={perPage}
        pageSizes={pageSizes}
        perPageLabel="Groups per page"
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Paper>
  );
}
