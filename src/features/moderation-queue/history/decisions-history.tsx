import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { blockedDecisionOf, type BlockedDecision as Decision } from '@/api/blocked-messages';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { ReviewedMessageListResponse } from '@/api/schemas/flagged-message';
import { DateTime } from '@/components/date-time';
import { LoadingState } from '@/components/loading-state';
import { EmptyState, ErrorState } from '@/components/states';
import { UnsupportedItems } from '@/components/unsupported-items';
import { receiverOf, ruleLabel, senderOf } from '../item-info';
import { messageSummary } from '../message-content';

function DecisionsTable({
  decision,
  items,
}: {
  decision: Decision;
  items: readonly BlockedMessage[];
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={decision === 'approved' ? 'Approved messages' : 'Rejected or deleted messages'}
      >
        <TableHead>
          <TableRow>
            <TableCell>Message</TableCell>
            <TableCell>From → to</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Decision</TableCell>
            <TableCell>Decided</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const receiver = receiverOf(item.message);
            const deleted = item.message.deletedAt !== undefined;
            return (
              <TableRow key={item.message.id}>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {messageSummary(item.message, 100)}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    id {item.message.id}
                  </Typography>
                </TableCell>
                <TableCell>
                  {senderOf(item.message).name} →{' '}
                  {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
                </TableCell>
                <TableCell>{ruleLabel(item)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={decision === 'approved' ? 'Approved' : deleted ? 'Deleted' : 'Rejected'}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime seconds={item.updatedAt ?? item.message.updatedAt} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** How much of the service's reviewed list this view shows; there is no documented way to older ones. */
function ListedNote({
  shown,
  decision,
  response,
}: {
  shown: number;
  decision: Decision;
  response: ReviewedMessageListResponse;
}) {
  // Decided flags share the list (and its limit) with the decided blocked messages.
  const answered = response.data.length + response.flags.length + response.unsupported.length;
  const limit = response.meta.current.limit;
  return (
    <Typography variant="body2" color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
      {shown} {decision === 'approved' ? 'approved' : 'rejected or deleted'} of the {answered}{' '}
      reviewed {answered === 1 ? 'message' : 'messages'} the service answered.
      {answered >= limit
        ? ` It lists the ${limit} latest decisions; older ones are not listed.`
        : ''}
    </Typography>
  );
}

/** What the service holds as decided: approved (delivered) or rejected (kept blocked; deleted ones marked). */
export function DecisionsHistory({
  decision,
  onDecisionChange,
}: {
  decision: Decision;
  onDecisionChange: (d: Decision) => void;
}) {
  const reviewed = useQuery(blockedMessageQueries.reviewed());
  const items = (reviewed.data?.data ?? []).filter((item) => blockedDecisionOf(item) === decision);
  return (
    <Box component="section" aria-labelledby="decisions-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Typography variant="h2" id="decisions-title" sx={{ flex: 1 }}>
          Decisions
        </Typography>
        <TextField
          select
          label="Decision"
          value={decision}
          onChange={(event) =>
            onDecisionChange(event.target.value === 'rejected' ? 'rejected' : 'approved')
          }
          sx={{ width: 220 }}
        >
          <MenuItem value="approved">Approved (delivered)</MenuItem>
          <MenuItem value="rejected">Rejected or deleted</MenuItem>
        </TextField>
      </Box>
      {reviewed.isPending ? (
        <LoadingState label="Loading decisions" />
      ) : reviewed.isError ? (
        <ErrorState
          error={reviewed.error}
          onRetry={() => void reviewed.refetch()}
          title="Decisions could not be loaded"
        />
      ) : (
        <>
          {items.length === 0 ? (
            <EmptyState
              title={`No ${decision === 'approved' ? 'approved' : 'rejected'} message among the decisions listed`}
            />
          ) : (
            <DecisionsTable decision={decision} items={items} />
          )}
          <ListedNote shown={items.length} decision={decision} response={reviewed.data} />
          <UnsupportedItems items={reviewed.data.unsupported} noun="reviewed message" />
        </>
      )}
    </Box>
  );
}
