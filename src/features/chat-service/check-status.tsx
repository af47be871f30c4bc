import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { CheckStatus } from '@/api/schemas/chat-service';

const looks: Record<CheckStatus, { label: string; icon: ReactNode }> = {
  pass: { label: 'Passed', icon: <CheckCircleOutlined color="success" fontSize="small" /> },
  warn: { label: 'Warning', icon: <WarningAmberOutlined color="warning" fontSize="small" /> },
  fail: { label: 'Failed', icon: <ErrorOutlined color="error" fontSize="small" /> },
  skip: {
    label: 'Skipped',
    icon: <RemoveCircleOutlineOutlined color="disabled" fontSize="small" />,
  },
};

/** A check's status as an icon and a word: never colour alone. */
export function CheckStatusLabel({ status }: { status: CheckStatus }) {
  const look = looks[status];
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
        {look.icon}
      </Box>
      {look.label}
    </Box>
  );
}
