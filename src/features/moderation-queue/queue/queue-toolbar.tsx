import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Hint } from '@/components/hint';
import { isRepeatClick } from '@/utils/repeat-click';
import type { ReviewKind } from '../review-request';

/**
 * The service documents no way back from a reject (its review takes `approved` or `rejected`, and
 * approving delivers the message), so there is no Undo: said before, not after.
 */
export const rejectIsFinal = 'A reject cannot be undone: the service has no way back to the queue.';

interface Props {
  /** What the action buttons act on: the checked items, or else the active one. */
  targetLabel: string;
  selectedCount: number;
  loadedCount: number;
  canAct: boolean;
  /** Why the actions are disabled for this operator (read-only roles). */
  deniedReason: Partial<Record<ReviewKind, string>>;
  panelOpen: boolean;
  onAction: (kind: ReviewKind) => void;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onTogglePanel: () => void;
  onShowShortcuts: () => void;
}

function ActionButton(props: {
  label: string;
  hint: string;
  icon: ReactNode;
  denied?: string;
  disabled: boolean;
  color?: 'error';
  /** The id of what the button's name does not say and must be known before pressing it. */
  describedBy?: string;
  onClick: () => void;
}) {
  const off = props.disabled || props.denied !== undefined;
  // The shortcut is the button's own title: a tooltip on each of the queue's buttons would cost its
  // first paint a re-render (see Hint).
  return (
    <Hint title={props.denied}>
      <span>
        <Button
          variant="outlined"
          size="small"
          color={props.color ?? 'primary'}
          startIcon={props.icon}
          disabled={off}
          title={off ? undefined : `Shortcut: ${props.hint}`}
          aria-keyshortcuts={props.hint}
          aria-describedby={props.describedBy}
          onClick={(event) => {
            if (!isRepeatClick(event)) props.onClick();
          }}
        >
          {props.label}
        </Button>
      </span>
    </Hint>
  );
}

export function QueueToolbar(props: Props) {
  const suffix = props.selectedCount > 0 ? ` ${props.selectedCount} selected` : '';
  const disabled = !props.canAct;
  const finalId = useId();
  return (
    <Box
      role="toolbar"
      aria-label="Queue actions"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}
    >
      <Typography variant="body2" color="textSecondary" sx={{ mr: 1 }}>
        {props.targetLabel}
      </Typography>
      <ActionButton
        label={`Approve${suffix}`}
        hint="a"
        icon={<CheckCircleOutlined />}
        denied={props.deniedReason.approve}
        disabled={disabled}
        onClick={() => props.onAction('approve')}
      />
      <ActionButton
        label={`Reject${suffix}`}
        hint="r"
        icon={<BlockOutlined />}
        denied={props.deniedReason.reject}
        describedBy={finalId}
        disabled={disabled}
        onClick={() => props.onAction('reject')}
      />
      <ActionButton
        label={`Delete${suffix}`}
        hint="d"
        icon={<DeleteOutlined />}
        color="error"
        denied={props.deniedReason.delete}
        disabled={disabled}
        onClick={() => props.onAction('delete')}
      />
      {props.deniedReason.approve === undefined ? (
        props.selectedCount > 0 ? (
          <Button size="small" onClick={props.onClearSelection}>
            Clear selection
          </Button>
        ) : (
          <Button size="small" onClick={props.onSelectAll} disabled={props.loadedCount === 0}>
            Select all {props.loadedCount}
          </Button>
        )
      ) : null}
      <Typography id={finalId} variant="caption" color="textSecondary">
        {rejectIsFinal}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button
        size="small"
        startIcon={<ForumOutlined />}
        onClick={props.onTogglePanel}
        disabled={props.loadedCount === 0}
      >
        {props.panelOpen ? 'Hide conversation' : 'Show conversation'}
      </Button>
      <IconButton
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={props.onShowShortcuts}
        size="small"
      >
        <KeyboardOutlined />
      </IconButton>
    </Box>
  );
}
