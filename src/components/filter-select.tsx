import TextField from '@mui/material/TextField';

/**
 * A small labelled select of a list's filter bar; the empty value stands for "any". It is the
 * browser's own select, drawn as MUI draws its fields: MUI's menu select keeps its display node in
 * state set while the page is committed, which re-renders the page at once and runs every effect
 * of the page in that same task.
 */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: props.minWidth ?? 150 }}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
