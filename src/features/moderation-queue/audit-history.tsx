import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { auditQueries } from '@/api/queries/audit';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { paths } from '@/config/paths';
import { auditActionLabel, auditMessageId, auditResultLabel } from './audit-entry';
import { toAuditParams, type AuditFilters } from './audit-filters';
import { AuditFilterBar } from './audit-filter-bar';

const perPage = 25;

/** Who approved, rejected or deleted what, and with what result: the console's audit trail (admins). */
export function AuditHistory({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const audit = useQuery(auditQueries.list(toAuditParams(filters, perPage)));
  const pagination = audit.data?.meta.pagination;
  return (
    <Box component="section" aria-labelledby="operator-actions-title">
      <Typography variant="h2" id="operator-actions-title" sx={{ mb: 1.5 }}>
        Operator actions
      </Typography>
      <AuditFilterBar key={JSON.stringify(filters)} filters={filters} onApply={(next) => onChange({ ...next, page: 1 })} />
      {audit.isPending ? (
        <LoadingState label="Loading operator actions" />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} title="The audit trail could not be loaded" />
      ) : audit.data.data.length === 0 ? (
        <EmptyState title="No operator actions match" />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Operator actions on blocked messages">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Operator</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audit.data.data.map((entry) => {
                const messageId = auditMessageId(entry);
                return (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                    </TableCell>
                    <TableCell>{entry.operator ?? '—'}</TableCell>
                    <TableCell>{auditActionLabel(entry)}</TableCell>
                    <TableCell>
                      {messageId ? (
                        <Link component={RouterLink} to={paths.message.href(messageId)}>
                          Message {messageId}
                        </Link>
                      ) : (
                        (entry.target ?? '—')
                      )}
                    </TableCell>
                    <TableCell>{auditResultLabel(entry)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pagination && pagination.total_pages > 1 ? (
        <Box component="nav" aria-label="Operator actions pages" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}>
          <Button disabled={filters.page <= 1} onClick={() => onChange({ ...filters, page: filters.page - 1 })}>
            Previous page
          </Button>
          <Typography variant="body2">
            Page {pagination.current_page} of {pagination.total_pages} ({pagination.total} actions)
          </Typography>
          <Button disabled={filters.page >= pagination.total_pages} onClick={() => onChange({ ...filters, page: filters.page + 1 })}>
            Next page
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
