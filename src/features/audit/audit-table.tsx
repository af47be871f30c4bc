import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry, AuditOutcome } from '@/api/schemas/console';
import { pageSizes } from './list-params';
import { PagePagination } from '@/components/page-pagination';

const outcomes: Record<AuditOutcome, { label: string; color: 'success' | 'warning' | 'error' }> = {
  ok: { label: 'OK', color: 'success' },
  denied: { label: 'Denied', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } as const;

interface Props {
  entries: AuditEntry[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

/** Audit entries, newest first, one row each; the page comes from the server. */
export function AuditTable({
  entries,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
}: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Audit log" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Operator</TableCell>
              <TableCell>Operation</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>On behalf of</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell align="right">Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                </TableCell>
                <TableCell>
                  {entry.operator ?? '—'}
                  {entry.role ? (
                    <Typography variant="caption" color="textSecondary" component="div">
                      {entry.role}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {entry.action}
                  <Typography variant="caption" color="textSecondary" component="div" sx={mono}>
                    {entry.operation}
                  </Typography>
                </TableCell>
                <TableCell sx={mono}>{entry.target ?? '—'}</TableCell>
                <TableCell sx={mono}>{entry.onBehalfOf ?? '—'}</TableCell>
                <TableCell>{entry.reason ?? '—'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={outcomes[entry.outcome].color}
                    label={outcomes[entry.outcome].label}
                  />
                  {entry.detail ? (
                    <Typography variant="caption" color="textSecondary" component="div">
                      {entry.detail}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {entry.status}
                  {entry.upstreamStatus !== null && entry.upstreamStatus !== entry.status ? (
                    <Typography variant="caption" color="textSecondary" component="div">
                      upstream {entry.upstreamStatus}
                    </Typography>
                  ) : null}
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
        perPageLabel="Entries per page"
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Paper>
  );
}
