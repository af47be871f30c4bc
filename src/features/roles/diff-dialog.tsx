import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { sameValue, type Catalog } from './permission-model';
import type { Edit } from './reported-model';
import { ValueText } from './value-text';

interface Props {
  role: string;
  changes: readonly Edit[];
  catalog: Catalog;
  step: 'review' | 'checking' | 'saving';
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The review step: every key that will be written, before (as reported, or unknown) and after; keys going
 * back to their default say so, and a default sent for an unknown key is marked as such.
 */
export function DiffDialog({ role, changes, catalog, step, onConfirm, onClose }: Props) {
  const defaults = new Map(catalog.map((item) => [item.id, item.defaultValue ?? null]));
  const count = changes.length;
  const noun = count === 1 ? 'change' : 'changes';
  return (
    <ConfirmDialog
      open
      title={`Save ${count} ${noun} to role “${role}”?`}
      confirmLabel={`Save ${count} ${noun}`}
      pending={step !== 'review'}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        Only these keys are sent; every other key of the role stays as it is on the service. Just
        before writing, the console re-reads the role’s latest reported map and stops if someone
        else’s change was reported since you loaded it.
      </Typography>
      <Table size="small" aria-label="Changes to save">
        <TableHead>
          <TableRow>
            <TableCell>Key</TableCell>
            <TableCell>Before</TableCell>
            <TableCell>After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => {
            const atDefault =
              defaults.has(change.key) && sameValue(change.after, defaults.get(change.key));
            return (
              <TableRow key={change.key}>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {change.key}
                </TableCell>
                <TableCell>
                  {change.unknownBefore ? (
                    'unknown (not reported)'
                  ) : (
                    <ValueText value={change.before} />
                  )}
                </TableCell>
                <TableCell>
                  <ValueText value={change.after} />
                  {atDefault ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={
                        change.unknownBefore ? 'the default, set explicitly' : 'back to default'
                      }
                      sx={{ ml: 1 }}
                    />
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {step === 'checking' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Checking that the role has not changed on the service…
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
