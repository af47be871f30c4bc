import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { describeError } from '@/api/errors';

export function ErrorState({
  error,
  onRetry,
  title = 'This could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <strong>{title}.</strong> {describeError(error)}
    </Alert>
  );
}

export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      {icon ? <Box sx={{ mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box> : null}
      <Typography variant="h2" component="p" color="textPrimary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
