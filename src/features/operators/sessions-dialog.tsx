import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '@/api/errors';
import { operatorQueries } from '@/api/queries/operators';
import type { Operator, OperatorSession } from '@/api/schemas/console';
import { DateTime } from '@/components/date-time';
import { useNotify } from '@/components/notifier';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { formatDateTime } from '@/utils/format';
import { useRevokeSessions } from './mutations';

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** How a session is named to the admin: its browser, its address, when it began. */
export const sessionLabel = (session: OperatorSession) =>
  [
    session.client ?? 'Unknown browser',
    session.address,
    `signed in ${formatDateTime(seconds(session.createdAt))}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * An operator's live sessions, each revocable, or all at once. A revoked browser is signed out at its
 * next request (the server reads every session from its store).
 */
export function SessionsDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const titleId = useId();
  const sessions = useQuery(operatorQueries.sessions(operator.username));
  const revoke = useRevokeSessions();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const run = async (session?: OperatorSession) => {
    setError(null);
    try {
      const { revoked } = await revoke.mutateAsync({
        username: operator.username,
        id: session?.id,
      });
      notify(
        session
          ? `Session of ${operator.username} revoked: that browser is signed out at its next request.`
          : `${revoked} session(s) of ${operator.username} revoked.`,
      );
    } catch (failure) {
      setError(`Not revoked: ${describeError(failure)}`);
    }
  };
  const list = sessions.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Sessions of {operator.username}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {sessions.isPending ? (
          <LoadingState label="Loading sessions" />
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : list.length === 0 ? (
          <Typography>{operator.username} is signed in nowhere.</Typography>
        ) : (
          <List aria-label={`Sessions of ${operator.username}`}>
            {list.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    disabled={revoke.isPending}
                    onClick={() => void run(session)}
                    aria-label={`Revoke ${sessionLabel(session)}`}
                  >
                    Revoke
                  </Button>
                }
              >
                <ListItemText
                  primary={`${session.client ?? 'Unknown browser'}${session.address ? ` · ${session.address}` : ''}${session.current ? ' (this browser)' : ''}`}
                  secondary={
                    <>
                      Signed in <DateTime seconds={seconds(session.createdAt)} />, last seen{' '}
                      <DateTime seconds={seconds(session.lastSeenAt)} />
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          disabled={list.length === 0 || revoke.isPending}
          onClick={() => void run()}
        >
          Revoke all
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
