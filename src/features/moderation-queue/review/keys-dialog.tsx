import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Each row: the keys, then what they do. */
export type KeyRows = readonly (readonly [string[], string])[];

/** Moving through a review list, the same in both queues. */
export const navRows: KeyRows = [
  [['j', '↓'], 'Next message'],
  [['k', '↑'], 'Previous message'],
  [['o', 'Enter'], 'Open the conversation around it'],
];
export const selectRows: KeyRows = [
  [['x', 'Space'], 'Select or unselect for a bulk action'],
  [['Esc'], 'Close the conversation panel'],
  [['?'], 'Show these shortcuts'],
];

/** The keyboard shortcuts of a review queue; `rows` are the queue's own. */
export function KeysDialog({
  rows,
  onClose,
  readOnlyReason,
}: {
  rows: KeyRows;
  onClose: () => void;
  readOnlyReason: string | undefined;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      {/* Focusable, so the list can be scrolled by keyboard on a short screen. */}
      <DialogContent tabIndex={0}>
        {readOnlyReason ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            The queue is read-only for you: {readOnlyReason} Moving through it and opening
            conversations works.
          </Alert>
        ) : null}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
        >
          {rows.map(([keys, what]) => (
            <Box key={what} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                {keys.map((key) => (
                  <Box
                    component="kbd"
                    key={key}
                    sx={{
                      px: 0.75,
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      fontFamily: 'monospace',
                      fontSize: '0.85rem',
                    }}
                  >
                    {key}
                  </Box>
                ))}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {what}
              </Box>
            </Box>
          ))}
        </Box>
        <Box component="p" sx={{ color: 'text.secondary', fontSize: '0.875rem', mb: 0 }}>
          Shortcuts pause while you type in a field or a dialog is open. After an action the next
          message is selected.
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
