import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ControlProps } from './control-props';

/** An allow/deny key. */
export function SwitchControl({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  disabled,
}: ControlProps) {
  const allowed = value === 'allow';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Switch
        checked={allowed}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked ? 'allow' : 'deny')}
        onBlur={onBlur}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': describedBy } }}
      />
      <Typography
        aria-hidden
        sx={{ fontWeight: 500, color: allowed ? 'success.main' : 'error.main' }}
      >
        {value === null ? 'Not set' : allowed ? 'Allow' : 'Deny'}
      </Typography>
    </Stack>
  );
}
