import FormControl from '@mui/material/FormControl';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { ControlProps } from './control-props';

/** A key with a fixed set of values (`all`, `friends` …). */
export function SelectControl(props: ControlProps & { options: readonly string[] }) {
  const { value, onChange, onBlur, labelId, describedBy, disabled, invalid, options } = props;
  const current = typeof value === 'string' ? value : '';
  const shown = current && !options.includes(current) ? [...options, current] : options;
  return (
    <FormControl size="small" sx={{ minWidth: 160 }} error={invalid} disabled={disabled}>
      <Select
        labelId={labelId}
        value={current}
        displayEmpty
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputProps={{ 'aria-describedby': describedBy }}
      >
        {current === '' ? (
          <MenuItem value="" disabled>
            Not set
          </MenuItem>
        ) : null}
        {shown.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
