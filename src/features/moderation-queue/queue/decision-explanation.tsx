import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { noteMaxLength, type Explanation } from '@/api/explanation';
import { moderationReasonQueries } from '@/api/queries/moderation-reasons';

export interface ExplanationDraft {
  reasonId: string;
  note: string;
}

export const emptyDraft: ExplanationDraft = { reasonId: '', note: '' };

export const draftTooLong = (draft: ExplanationDraft) => draft.note.trim().length > noteMaxLength;

/** The draft as sent: the picked reason's name and id, the trimmed note; empty parts left out. */
export function explanationOf(
  draft: ExplanationDraft,
  reasons: readonly { id: string; name: string }[],
): Explanation | undefined {
  const reason = reasons.find((r) => r.id === draft.reasonId);
  const note = draft.note.trim();
  if (!reason && !note) return undefined;
  return {
    ...(reason ? { reason: reason.name, reasonId: reason.id } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * The optional moderation reason (from the service's list) and note of a decision. The console keeps
 * both on the decision's audit row; the chat service never sees them.
 */
export function DecisionExplanation({
  draft,
  onChange,
}: {
  draft: ExplanationDraft;
  onChange: (draft: ExplanationDraft) => void;
}) {
  const reasons = useQuery(moderationReasonQueries.list());
  const length = draft.note.trim().length;
  return (
    <>
      <TextField
        select
        label="Moderation reason (optional)"
        value={draft.reasonId}
        onChange={(event) => onChange({ ...draft, reasonId: event.target.value })}
        fullWidth
        size="small"
        sx={{ mt: 2 }}
        disabled={!reasons.isSuccess}
        // Read while the field cannot be used (the reasons loading, or failed): never greyed with it.
        slotProps={{ formHelperText: { disabled: false } }}
        helperText={
          reasons.isError
            ? 'The reasons could not be loaded; a note can still be added.'
            : 'Kept in the console’s audit trail, not sent to the chat service.'
        }
      >
        <MenuItem value="">No reason</MenuItem>
        {(reasons.data?.data ?? []).map((reason) => (
          <MenuItem key={reason.id} value={reason.id}>
            {reason.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Note (optional)"
        value={draft.note}
        onChange={(event) => onChange({ ...draft, note: event.target.value })}
        fullWidth
        multiline
        minRows={2}
        size="small"
        sx={{ mt: 2 }}
        error={length > noteMaxLength}
        helperText={
          length > noteMaxLength
            ? `${length} / ${noteMaxLength}: keep the note to ${noteMaxLength} characters.`
            : `${length} / ${noteMaxLength}`
        }
      />
    </>
  );
}

/** The reasons as the dialog read them, to turn a draft into what is sent. */
export function useReasonList(): readonly { id: string; name: string }[] {
  const reasons = useQuery(moderationReasonQueries.list());
  return reasons.data?.data ?? [];
}
