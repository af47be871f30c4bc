import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { chatServiceQueries } from '@/api/queries/chat-service';
import { DateTime } from '@/components/date-time';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { ChecksTable } from './checks-table';

/** The connection doctor's report on the configured chat service, as the console server ran it. */
export function ChatServiceReport() {
  const report = useQuery(chatServiceQueries.report());
  if (report.isPending) return <LoadingState label="Checking the chat service" />;
  if (report.isError) {
    return (
      <ErrorState
        title="The check could not run"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  const { target, checks, ok, verdict, checkedAt, durationMs } = report.data;
  const warned = checks.some((c) => c.status === 'warn');
  const where = target.appId ? `app ${target.appId}, region ${target.region ?? '?'}` : target.host;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box role="status" aria-live="polite" sx={{ minHeight: 4 }}>
        {report.isFetching ? <LinearProgress aria-label="Checking again" /> : null}
      </Box>
      <Alert severity={!ok ? 'error' : warned ? 'warning' : 'success'}>
        <AlertTitle>
          {!ok ? 'Not working' : warned ? 'Working, with warnings' : 'Working'}
        </AlertTitle>
        {verdict}
      </Alert>
      <Typography variant="body2" color="textSecondary">
        {target.baseUrl} ({where}) · checked <DateTime seconds={Date.parse(checkedAt) / 1000} /> in{' '}
        {durationMs} ms, with reads only.
      </Typography>
      <Box component="section" aria-labelledby="chat-service-connection">
        <Typography id="chat-service-connection" variant="h2" sx={{ mb: 1 }}>
          Connection
        </Typography>
        <ChecksTable
          label="Connection checks"
          checks={checks.filter((c) => c.group === 'connection')}
        />
      </Box>
      <Box component="section" aria-labelledby="chat-service-reads">
        <Typography id="chat-service-reads" variant="h2" sx={{ mb: 1 }}>
          Reads the console makes
        </Typography>
        <ChecksTable label="Read checks" checks={checks.filter((c) => c.group === 'reads')} />
      </Box>
    </Box>
  );
}
