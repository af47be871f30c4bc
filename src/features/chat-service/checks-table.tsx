import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DoctorCheck } from '@/api/schemas/chat-service';
import { CheckStatusLabel } from './check-status';

/** One group of checks: status (icon and word), what was checked, and the result with its hint. */
export function ChecksTable({ label, checks }: { label: string; checks: DoctorCheck[] }) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={label} size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '8rem' }}>Status</TableCell>
              <TableCell>Check</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {checks.map((check) => (
              <TableRow key={check.id}>
                <TableCell>
                  <CheckStatusLabel status={check.status} />
                </TableCell>
                <TableCell
                  sx={{
                    fontFamily: check.group === 'reads' ? 'monospace' : undefined,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {check.title}
                </TableCell>
                <TableCell>
                  {check.detail}
                  {check.hint && (check.status === 'fail' || check.status === 'warn') ? (
                    <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                      {check.hint}
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
