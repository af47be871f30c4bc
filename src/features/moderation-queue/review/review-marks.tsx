import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { reviewingText } from '../queue/live-events';

/** What marks an option of either queue: decided elsewhere (with why, when known), or who reviews it. */
export interface ReviewMarks {
  /** The service no longer lists it as pending: shown, with no action, until it leaves. */
  decidedElsewhere: boolean;
  /** "Rejected by sam": why it left the service's list, when the console knows. */
  goneNote?: string | undefined;
  /** Someone else reviews it now (their claim). */
  reviewer?: string | undefined;
  /** The moderator's own claim. */
  mine?: boolean;
}

/** How the option's name begins: "Decided elsewhere (Rejected by sam): ", "Alex is reviewing: ". */
export function marksLabel({ decidedElsewhere, goneNote, reviewer }: ReviewMarks): string {
  if (decidedElsewhere) return `Decided elsewhere${goneNote ? ` (${goneNote})` : ''}: `;
  return reviewer ? `${reviewingText(reviewer)}: ` : '';
}

/** The chips of those marks, after the sender's name. */
export function MarkBadges({ decidedElsewhere, goneNote, reviewer, mine = false }: ReviewMarks) {
  if (decidedElsewhere) return <Chip size="small" label={goneNote ?? 'Decided elsewhere'} />;
  if (reviewer)
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<VisibilityOutlined />}
        label={reviewingText(reviewer)}
      />
    );
  return mine ? (
    <Typography component="span" variant="caption" color="textSecondary">
      You are reviewing
    </Typography>
  ) : null;
}
