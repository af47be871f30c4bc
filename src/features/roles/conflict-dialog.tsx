import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ConflictRow, ConflictStatus } from './save-model';
import { ValueText } from './value-text';

const statusLabel: Record<ConflictStatus, string> = {
  conflict: 'Conflict: both changed',
  same: 'Same change on both sides',
  theirs: 'Changed on the service',
  yours: 'Changed by you',
};

interface Props {
  role: string;
  rows: readonly ConflictRow[];
  onReload: () => void;
  onMerge: () => void;
  onClose: () => void;
}

/** The save stopped: a newer map of the role was reported since the editor loaded. Nothing was written. */
export function ConflictDialog({ role, rows, onReload, onMerge, onClose }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const conflicts = rows.filter((r) => r.status === 'conflict').length;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>Role “{role}” changed on the service</DialogTitle>
      <DialogContent>
        <Typography id={bodyId} variant="body2" sx={{ mb: 2 }}>
          Nothing was saved. Someone changed this role after you loaded it (the service reported its
          map again)
          {conflicts > 0 ? `, and ${conflicts} of their changes touch keys you changed too` : ''}.
          Reload to start again from the map the service reported last, or merge: keep your value on
          every key you changed and take the reported value everywhere else, then review the result
          before it is saved.
        </Typography>
        <Table size="small" aria-label="Incoming changes">
          <TableHead>
            <TableRow>
              <TableCell>Key</TableCell>
              <TableCell>Loaded</TableCell>
              <TableCell>Reported last</TableCell>
              <TableCell>Yours</TableCell>
              <TableCell>What happened</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} selected={row.status === 'conflict'}>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {row.key}
                </TableCell>
                <TableCell>
                  {row.loadedKnown ? <ValueText value={row.loaded} /> : 'unknown'}
                </TableCell>
                <TableCell>
                  <ValueText value={row.server} />
                </TableCell>
                <TableCell>
                  {row.status === 'theirs' ? '(not changed)' : <ValueText value={row.yours} />}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant={row.status === 'conflict' ? 'filled' : 'outlined'}
                    color={row.status === 'conflict' ? 'primary' : 'default'}
                    label={
                      row.status === 'theirs' && !row.loadedKnown
                        ? 'Reported by the service'
                        : statusLabel[row.status]
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep editing</Button>
        <Button variant="outlined" onClick={onReload}>
          Reload (discard mine)
        </Button>
        <Button variant="contained" onClick={onMerge}>
          Merge (keep mine on conflicting keys, take theirs elsewhere)
        </Button>
      </DialogActions>
    </Dialog>
  );
}
