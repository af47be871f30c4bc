import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FlagKind } from './use-flag-review';

interface Props {
  targetLabel: string;
  canAct: boolean;
  /** Selecting is offered at all (not to a read-only operator). */
  selectable: boolean;
  selecting: boolean;
  onAction: (kind: FlagKind) => void;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onShowKeys: () => void;
}

/** The flagged queue's actions on the active item or the selection. */
export function FlaggedToolbar(props: Props) {
  const { canAct, onAction } = props;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mr: 'auto' }}>
        {props.targetLabel}
      </Typography>
      <Button variant="outlined" disabled={!canAct} onClick={() => onAction('approve')}>
        Approve
      </Button>
      <Button variant="outlined" color="error" disabled={!canAct} onClick={() => onAction('block')}>
        Block
      </Button>
      {props.selectable ? (
        <Button onClick={props.selecting ? props.onClearSelection : props.onSelectAll}>
          {props.selecting ? 'Clear selection' : 'Select all'}
        </Button>
      ) : null}
      <Button onClick={props.onShowKeys}>Keyboard shortcuts</Button>
    </Box>
  );
}
