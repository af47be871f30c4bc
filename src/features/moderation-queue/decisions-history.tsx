import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useInfiniteQuery } from '@tanstack/react-query';
import { DateTime } from '@/components/date-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { historyQueries, type Decision } from './history-queries';
import { receiverOf, senderOf } from './item-info';
import { messageSummary } from './message-content';

/** What the service holds as decided: approved (delivered) or rejected (kept blocked; deleted ones marked). */
export function DecisionsHistory({ decision, onDecisionChange }: { decision: Decision; onDecisionChange: (d: Decision) => void }) {
  const history = useInfiniteQuery(historyQueries.decisions(decision));
  const items = history.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Box component="section" aria-labelledby="decisions-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Typography variant="h2" id="decisions-title" sx={{ flex: 1 }}>
          Decisions
        </Typography>
        <TextField select label="Decision" value={decision} onChange={(event) => onDecisionChange(event.target.value === 'rejected' ? 'rejected' : 'approved')} sx={{ width: 220 }}>
          <MenuItem value="approved">Approved (delivered)</MenuItem>
          <MenuItem value="rejected">Rejected or deleted</MenuItem>
        </TextField>
      </Box>
      {history.isPending ? (
        <LoadingState label="Loading decisions" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} title="Decisions could not be loaded" />
      ) : items.length === 0 ? (
        <EmptyState title={decision === 'approved' ? 'Nothing approved yet' : 'Nothing rejected yet'} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={decision === 'approved' ? 'Approved messages' : 'Rejected or deleted messages'}>
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
                      {senderOf(item.message).name} → {receiver.isGroup ? `group ${receiver.name}` : receiver.name}
                    </TableCell>
                    <TableCell>{item.ruleName}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={item.status === 'approved' ? 'Approved' : deleted ? 'Deleted' : 'Rejected'} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <DateTime seconds={item.updatedAt} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {history.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <Button variant="outlined" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
