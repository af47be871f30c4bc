import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { ReactNode } from 'react';
import { asList, type ControlProps } from './control-props';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
}

/**
 * A list key over known values. The result keeps the options' order so that saved lists read the same
 * way each time; values outside the options stay visible (and can be unticked).
 */
export function CheckboxGroupControl(props: ControlProps & { options: readonly CheckboxOption[] }) {
  const { value, onChange, onBlur, labelId, describedBy, disabled, options } = props;
  const selected = asList(value);
  const order = options.map((o) => o.value);
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...selected, option] : selected.filter((v) => v !== option);
    const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : order.length);
    onChange([...new Set(next)].sort((a, b) => rank(a) - rank(b)));
  };
  return (
    <FormGroup
      row
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      onBlur={onBlur}
    >
      {options.map((option) => (
        <FormControlLabel
          key={option.value}
          label={option.label}
          disabled={disabled}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              slotProps={{ input: { 'aria-label': option.value } }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

/** Options for a key's available values, plus any value the role holds that is not among them. */
export function valueOptions(
  available: readonly string[],
  value: ControlProps['value'],
): CheckboxOption[] {
  const extra = asList(value).filter((v) => !available.includes(v));
  return [
    ...available.map((v) => ({ value: v, label: v })),
    ...extra.map((v) => ({ value: v, label: `${v} (not in the catalog)` })),
  ];
}
