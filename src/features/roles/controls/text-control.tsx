import TextField from '@mui/material/TextField';
import type { ControlProps } from './control-props';

/** A free string value (keys the catalog gives no values for, or unknown keys). */
export function TextControl({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  disabled,
  invalid,
}: ControlProps) {
  return (
    <TextField
      size="small"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={invalid}
      slotProps={{ htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': describedBy } }}
    />
  );
}
