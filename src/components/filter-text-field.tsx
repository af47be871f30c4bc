import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { filterError, type FilterRule } from '@/utils/filter-rules';

/**
 * A text field of a list's filters that checks its value as it is typed, with the rule the server
 * applies: what is wrong shows under the field (its helper text, tied by aria-describedby) and the
 * field is marked invalid. Empty is no filter, never an error.
 */
export function FilterTextField({
  rule,
  value,
  ...props
}: Omit<TextFieldProps, 'value' | 'error' | 'helperText'> & { rule: FilterRule; value: string }) {
  const error = filterError(rule, value);
  return <TextField {...props} value={value} error={error !== undefined} helperText={error} />;
}
