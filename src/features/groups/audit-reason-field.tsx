import TextField from '@mui/material/TextField';
import { reasonMaxLength } from '@/api/schemas/explanation';

/** The operator's reason for a change to a member, kept in the console's audit trail only. */
export function AuditReasonField(props: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label="Reason (kept in the audit trail)"
      required
      fullWidth
      multiline
      minRows={2}
      sx={{ mt: 2 }}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value.slice(0, reasonMaxLength))}
      helperText={`${props.value.length} / ${reasonMaxLength}`}
    />
  );
}
