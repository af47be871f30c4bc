import Box from '@mui/material/Box';
import type { PermissionValue } from '@/api/schemas/role';
import { formatValue } from './permission-model';

/** A permission value as text in tables: lists comma-separated, "no restriction" spelled out. */
export function ValueText({ value }: { value: PermissionValue | undefined }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
      {formatValue(value)}
    </Box>
  );
}
