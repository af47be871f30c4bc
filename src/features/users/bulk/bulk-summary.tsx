import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/utils/format';
import { outcomeCounts, type BulkAction, type BulkOutcome } from './bulk-batches';

/** Uids listed per bucket; the rest are counted. */
const shownPerBucket = 100;

function UidList({ title, uids }: { title: string; uids: readonly string[] }) {
  if (uids.length === 0) return null;
  const shown = uids.slice(0, shownPerBucket);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
        {title} ({formatCount(uids.length)})
      </Typography>
      <Box
        component="ul"
        sx={{
          m: 0,
          pl: 0,
          listStyle: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          fontFamily: 'monospace',
        }}
      >
        {shown.map((uid) => (
          <li key={uid}>{uid}</li>
        ))}
        {uids.length > shown.length ? (
          <li>… and {formatCount(uids.length - shown.length)} more</li>
        ) : null}
      </Box>
    </Box>
  );
}

export function summaryLine(
  action: BulkAction,
  outcome: BulkOutcome,
  notSentLabel?: string,
): string {
  return outcomeCounts(action, outcome, notSentLabel)
    .map((row) => `${formatCount(row.count)} ${row.label}`)
    .join(', ');
}

/**
 * Every uid under exactly one heading. `interrupted`: the run stopped when the page went away, so the
 * uids never sent are "not started" rather than cancelled.
 */
export function BulkSummary({
  action,
  outcome,
  interrupted = false,
}: {
  action: BulkAction;
  outcome: BulkOutcome;
  interrupted?: boolean;
}) {
  const deactivating = action === 'deactivate';
  const failed = outcome.failed.slice(0, shownPerBucket);
  const problems =
    outcome.failed.length +
    outcome.notSent.length +
    outcome.notFound.length +
    outcome.unknown.length;
  return (
    <>
      <Alert
        severity={outcome.failed.length > 0 ? 'error' : problems > 0 ? 'warning' : 'success'}
        role="status"
      >
        {outcome.cancelled ? 'Cancelled. ' : ''}
        {summaryLine(action, outcome, interrupted ? 'not started' : undefined)}.
      </Alert>
      <UidList title={deactivating ? 'Deactivated' : 'Reactivated'} uids={outcome.done} />
      <UidList
        title={deactivating ? 'Already deactivated' : 'Already active'}
        uids={outcome.skipped}
      />
      <UidList title="Not found" uids={outcome.notFound} />
      {failed.length > 0 ? (
        <Box component="section" aria-label="Failed" sx={{ mt: 2 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
            Failed ({formatCount(outcome.failed.length)})
          </Typography>
          <Table size="small" aria-label="Failed uids">
            <TableHead>
              <TableRow>
                <TableCell>Uid</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.map((item) => (
                <TableRow key={item.uid}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{item.uid}</TableCell>
                  <TableCell>
                    {item.code}: {item.message}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {outcome.failed.length > failed.length ? (
            <Typography variant="body2">
              … and {formatCount(outcome.failed.length - failed.length)} more
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <UidList title="Unknown — check before retrying" uids={outcome.unknown} />
      <UidList
        title={`${deactivating ? 'Deactivated' : 'Active'} (by this run or before it)`}
        uids={outcome.settled}
      />
      <UidList
        title={interrupted ? 'Not started' : 'Not sent (cancelled)'}
        uids={outcome.notSent}
      />
    </>
  );
}
