import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The error boundary of every route: says what broke and offers a way back. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720 }}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        Back to home
      </Button>
    </Box>
  );
}
