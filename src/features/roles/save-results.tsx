import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SaveOutcome } from './use-save-flow';
import { ValueText } from './value-text';

/** What the service answered for each key of the last save, and anything that changed under it. */
export function SaveResults({
  outcome,
  onDismiss,
}: {
  outcome: SaveOutcome;
  onDismiss: () => void;
}) {
  const failed = outcome.results.filter((r) => !r.success).length;
  const saved = outcome.results.length - failed;
  return (
    <Alert
      severity={failed > 0 || outcome.raced.length > 0 ? 'warning' : 'success'}
      onClose={onDismiss}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>
        {saved} of {outcome.results.length} {outcome.results.length === 1 ? 'key' : 'keys'} saved
        {failed > 0 ? `; ${failed} failed and stay as unsaved changes` : ''}
      </AlertTitle>
      <Table size="small" aria-label="Save results">
        <TableHead>
          <TableRow>
            <TableCell>Key</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Service message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outcome.results.map((r) => (
            <TableRow key={r.key}>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {r.key}
              </TableCell>
              <TableCell>{r.success ? 'Saved' : 'Failed'}</TableCell>
              <TableCell>{r.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {outcome.raced.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          While saving, someone else changed keys you did not touch; the editor now shows their
          values:{' '}
          {outcome.raced.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? '; ' : ''}
              <code>{c.key}</code> → <ValueText value={c.after} />
            </span>
          ))}
          .
        </Typography>
      ) : null}
      {outcome.revealed.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The service’s answer reported the role’s whole map: {outcome.revealed.length}{' '}
          {outcome.revealed.length === 1
            ? 'key you did not change holds a value'
            : 'keys you did not change hold values'}{' '}
          other than the default the editor started from, now shown:{' '}
          {outcome.revealed.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? '; ' : ''}
              <code>{c.key}</code> → <ValueText value={c.after} />
            </span>
          ))}
          .
        </Typography>
      ) : null}
    </Alert>
  );
}
