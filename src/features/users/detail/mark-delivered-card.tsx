import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Hint } from '@/components/hint';
import { describeError } from '@/api/errors';
import type { User } from '@/api/schemas/user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UserPicker } from '@/components/user-picker';
import { deniedReason } from '@/config/capabilities';
import { MessageChoice } from './message-choice';
import { useMarkDelivered } from '../mutations';

/** Support tool: mark the 1:1 conversation with another user as delivered to this user, on their behalf. */
export function MarkDeliveredCard({ uid, allowed }: { uid: string; allowed: boolean }) {
  const [other, setOther] = useState<User | null>(null);
  const [messageId, setMessageId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const mutation = useMarkDelivered();
  const self = other !== null && other.uid.toLowerCase() === uid.toLowerCase();
  const upTo = messageId ? `up to and including message #${messageId}` : 'all messages';

  const confirm = () =>
    other &&
    mutation.mutate(
      {
        otherUid: other.uid,
        receiverUid: uid,
        messageId: messageId ? Number(messageId) : undefined,
      },
      { onSettled: () => setConfirming(false) },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="mark-delivered" sx={{ p: 2 }}>
      <Typography variant="h2" id="mark-delivered" sx={{ mb: 1 }}>
        Mark conversation delivered
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        For a ticket where messages show as not delivered: marks what the other user sent to {uid}{' '}
        as delivered, acting as {uid}.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <UserPicker
          label="Other user"
          value={other}
          onChange={(user) => {
            setOther(user);
            setMessageId('');
            mutation.reset();
          }}
          error={self}
          helperText={self ? 'Pick someone other than this user.' : 'Who sent the messages'}
          size="small"
        />
        {other && !self ? (
          <MessageChoice uid={uid} otherUid={other.uid} value={messageId} onChange={setMessageId} />
        ) : null}
        <Hint title={allowed ? '' : deniedReason('markDelivered')}>
          <span>
            <Button
              variant="contained"
              disabled={!allowed || other === null || self}
              onClick={() => setConfirming(true)}
            >
              Mark delivered…
            </Button>
          </span>
        </Hint>
      </Box>
      {mutation.isSuccess ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {mutation.data?.message || 'The conversation is marked as delivered.'}
        </Alert>
      ) : null}
      {mutation.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {describeError(mutation.error)}
        </Alert>
      ) : null}
      {confirming && other ? (
        <ConfirmDialog
          open
          title="Mark conversation delivered?"
          confirmLabel="Mark delivered"
          pending={mutation.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={confirm}
        >
          <Typography>
            Acting as <strong>{uid}</strong>, the messages <strong>{other.name}</strong> (
            {other.uid}) sent to {uid} are marked delivered: {upTo}. {other.name} then sees them as
            delivered. This cannot be undone.
          </Typography>
        </ConfirmDialog>
      ) : null}
    </Paper>
  );
}
