import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';

/** A small labelled select of a list's filter bar; the empty value stands for "any". */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  minWidth?: number;
}) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: props.minWidth ?? 150 }}>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select
        labelId={id}
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
