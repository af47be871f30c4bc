import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { flagDecisionOf } from '@/api/flagged-messages';
import { auditQueries } from '@/api/queries/audit';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import type { ReviewedFlag } from '@/api/schemas/flagged-message';
import { DateTime } from '@/components/date-time';
import { EmptyState } from '@/components/states';
import { flagSummary } from '../flagged/flag-reports';
import { receiverOf, senderOf } from '../item-info';
import { messageSummary } from '../message-content';
import { auditMessageId, flagReviewOperation } from './audit-entry';

/** The console's latest flag reviews, enough to name who decided each flag the service lists. */
const reviewsRead = {
  operation: flagReviewOperation,
  outcome: 'ok',
  page: 1,
  perPage: 100,
} as const;

/** Who decided each flag, by message id, from the audit trail (the latest review of each). */
function useDeciders(canReadAudit: boolean): ReadonlyMap<string, string> {
  const audit = useQuery({ ...auditQueries.list(reviewsRead), enabled: canReadAudit });
  const deciders = new Map<string, string>();
  for (const entry of audit.data?.data ?? []) {
    const id = auditMessageId(entry);
    if (id && entry.operator && !deciders.has(id)) deciders.set(id, entry.operator);
  }
  return deciders;
}

function FlagRow({ flag, by }: { flag: ReviewedFlag; by: string | undefined }) {
  const { message } = flag;
  const receiver = receiverOf(message);
  const blocked = flagDecisionOf(flag) === 'disapproved';
  return (
    <TableRow>
      <TableCell sx={{ maxWidth: 320 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {messageSummary(message, 100)}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          id {message.id}
        </Typography>
      </TableCell>
      <TableCell>
        {senderOf(message).name} → {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
      </TableCell>
      <TableCell>{flagSummary({ ...message, flaggedBy: flag.flaggedBy })}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          label={blocked ? 'Blocked (hidden)' : 'Approved (kept visible)'}
        />
      </TableCell>
      <TableCell>{by ?? 'Not recorded'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DateTime seconds={flag.updatedAt ?? message.updatedAt} />
      </TableCell>
    </TableRow>
  );
}

/**
 * The flags the service lists as decided (approved: kept visible; blocked: hidden), with their
 * reports and, where the console's audit trail holds it, who decided. From the reviewed list the
 * decisions above read already; no call of its own to the service.
 */
export function FlagDecisions({ canReadAudit }: { canReadAudit: boolean }) {
  const reviewed = useQuery(blockedMessageQueries.reviewed());
  const deciders = useDeciders(canReadAudit);
  const flags = (reviewed.data?.flags ?? []).filter((flag) => flagDecisionOf(flag) !== undefined);
  if (!reviewed.data) return null;
  return (
    <Box component="section" aria-labelledby="flag-decisions-title">
      <Typography variant="h2" id="flag-decisions-title" sx={{ mb: 1.5 }}>
        Reviewed flags
      </Typography>
      {flags.length === 0 ? (
        <EmptyState title="No reviewed flag among the decisions listed" />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Reviewed flags">
            <TableHead>
              <TableRow>
                <TableCell>Message</TableCell>
                <TableCell>From → to</TableCell>
                <TableCell>Flags</TableCell>
                <TableCell>Decision</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Decided</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {flags.map((flag) => (
                <FlagRow key={flag.message.id} flag={flag} by={deciders.get(flag.message.id)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
