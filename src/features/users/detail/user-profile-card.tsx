import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Hint } from '@/components/hint';
import type { User } from '@/api/schemas/user';
import { DateTime } from '@/components/date-time';
import { deniedReason } from '@/config/capabilities';
import { ReactivateUserDialog } from './reactivate-user-dialog';
import { StatusChip } from '../status-chip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** Who the user is, and whether the account is deactivated (with Reactivate for admins). */
export function UserProfileCard({
  user,
  deactivated,
  mayManage,
}: {
  user: User;
  deactivated: boolean;
  mayManage: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-label="Profile" sx={{ p: 2 }}>
      {deactivated ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Hint title={mayManage ? '' : deniedReason('manageUserAccounts')}>
              <span>
                <Button
                  color="inherit"
                  size="small"
                  disabled={!mayManage}
                  onClick={() => setConfirming(true)}
                >
                  Reactivate
                </Button>
              </span>
            </Hint>
          }
        >
          Deactivated{' '}
          {user.deactivatedAt !== undefined ? (
            <>
              since <DateTime seconds={user.deactivatedAt} />
            </>
          ) : null}
          . The user cannot log in, and the service answers as if the account did not exist.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <Avatar aria-hidden="true">{user.name.charAt(0).toUpperCase()}</Avatar>
        <Box>
          <Typography variant="h2" component="p">
            {user.name}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace' }} color="textSecondary">
            {user.uid}
          </Typography>
        </Box>
        <Box sx={{ ml: 'auto' }}>
          <StatusChip user={user} />
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        <Field label="Role">{user.role ?? '—'}</Field>
        <Field label="Status">{user.status === 'available' ? 'Available' : 'Offline'}</Field>
        <Field label="Last active">
          <DateTime seconds={user.lastActiveAt} />
        </Field>
        <Field label="Created">
          <DateTime seconds={user.createdAt} />
        </Field>
        {user.statusMessage ? <Field label="Status message">{user.statusMessage}</Field> : null}
        {user.tags?.length ? <Field label="Tags">{user.tags.join(', ')}</Field> : null}
      </Box>
      {confirming ? (
        <ReactivateUserDialog uid={user.uid} onClose={() => setConfirming(false)} />
      ) : null}
    </Paper>
  );
}
