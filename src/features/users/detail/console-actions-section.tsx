import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { auditQueries } from '@/api/queries/audit';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/utils/format';
import { OverviewSection } from './overview-section';

const perPage = 10;

/** The read behind the section, for a page that waits for it. */
export const consoleActionsQuery = (uid: string) =>
  auditQueries.list({ target: uid, page: 1, perPage });

/** The audit rows whose targets name the user (any target: a uid, a member of a uid list, `onBehalfOf` aside). */
function ConsoleActionsList({ uid }: { uid: string }) {
  const actions = useQuery(consoleActionsQuery(uid));
  const rows = actions.data?.data ?? [];
  const total = actions.data?.meta.pagination.total ?? 0;
  return (
    <OverviewSection
      title="Console actions on them"
      state={actions}
      isEmpty={rows.length === 0}
      empty={`The audit trail has no action of the console on ${uid}.`}
      note={total > rows.length ? `The ${rows.length} newest of ${total}.` : undefined}
      actions={
        <Button
          component={RouterLink}
          to={`${paths.audit.href()}?target=${encodeURIComponent(uid)}`}
        >
          Open in the audit log
        </Button>
      }
    >
      <Table size="small" aria-label={`Console actions on ${uid}`}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Operator</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{formatDateTime(Date.parse(row.at) / 1000)}</TableCell>
              <TableCell>{row.operator ?? '—'}</TableCell>
              <TableCell>{row.action}</TableCell>
              <TableCell>{row.outcome}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </OverviewSection>
  );
}

/** The console's own record of what operators did to the user; the audit trail is for admins only. */
export function ConsoleActionsSection({ uid, mayRead }: { uid: string; mayRead: boolean }) {
  if (mayRead) return <ConsoleActionsList uid={uid} />;
  return (
    <OverviewSection
      title="Console actions on them"
      state={{ isPending: false, isError: false, error: null, refetch: () => undefined }}
      isEmpty={false}
      empty=""
    >
      <Alert severity="info">
        Not available to your role: these rows come from the console’s audit trail.{' '}
        {deniedReason('readAudit').replace('do this', 'read the audit trail')}
      </Alert>
    </OverviewSection>
  );
}
