import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

const keys: readonly [string, string][] = [
  ['j / ↓', 'Next item'],
  ['k / ↑', 'Previous item'],
  ['a', 'Approve: keep visible'],
  ['b', 'Block: hide'],
  ['x / Space', 'Select for a bulk review'],
  ['?', 'These keys'],
];

export function FlaggedKeysDialog({
  readOnlyReason,
  onClose,
}: {
  readOnlyReason: string | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        {readOnlyReason ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            The queue is read-only for you. {readOnlyReason}
          </Typography>
        ) : null}
        <dl style={{ margin: 0 }}>
          {keys.map(([key, action]) => (
            <div key={key} style={{ display: 'flex', gap: 16 }}>
              <dt style={{ minWidth: 96 }}>
                <kbd>{key}</kbd>
              </dt>
              <dd style={{ margin: 0 }}>{action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
