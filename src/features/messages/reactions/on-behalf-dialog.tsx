import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '@/api/errors';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useUnsavedInput } from '@/components/leave-warning';
import { useNotify } from '@/components/notifier';
import { reactionName } from './emoji-catalog';
import { useReactOnBehalf, type ReactionAction } from '../mutations';
import { OnBehalfFields } from './on-behalf-fields';
import {
  confirmTitle,
  onBehalfFormSchema,
  type OnBehalfFormValues,
  type OnBehalfRequest,
} from './on-behalf-form';

export interface OnBehalfPreset {
  user?: { uid: string; name: string };
  reaction?: string;
  action?: ReactionAction;
}

type Ready = OnBehalfRequest & { user: { uid: string; name: string } };

/** Adds or removes a reaction as a chosen user: a form, then a confirm that names the user and the reaction. */
export function OnBehalfDialog({
  messageId,
  preset,
  onClose,
}: {
  messageId: string;
  preset?: OnBehalfPreset;
  onClose: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const mutation = useReactOnBehalf(messageId);
  const [ready, setReady] = useState<Ready | null>(null);
  const form = useForm<OnBehalfFormValues, unknown, OnBehalfRequest>({
    resolver: zodResolver(onBehalfFormSchema),
    defaultValues: {
      user: preset?.user ?? null,
      action: preset?.action ?? 'add',
      reaction: preset?.reaction ?? '',
      reason: '',
    },
  });

  useUnsavedInput(form.formState.isDirty, 'The reaction on behalf you are preparing');

  const submit = (values: OnBehalfRequest) => {
    if (values.user) setReady({ ...values, user: values.user });
  };

  const confirm = (request: Ready) =>
    mutation.mutate(
      {
        action: request.action,
        reaction: request.reaction,
        actor: { uid: request.user.uid, reason: request.reason },
      },
      {
        onSuccess: () => {
          notify(
            request.action === 'add'
              ? `Reacted as ${request.user.name} with ${request.reaction}.`
              : `Removed ${request.user.name}’s ${request.reaction} reaction.`,
          );
          onClose();
        },
      },
    );

  if (ready) {
    return (
      <ConfirmDialog
        open
        destructive={ready.action === 'remove'}
        title={`${confirmTitle(ready)}?`}
        confirmLabel={ready.action === 'add' ? `React as ${ready.user.name}` : 'Remove reaction'}
        pending={mutation.isPending}
        onConfirm={() => confirm(ready)}
        onClose={() => {
          mutation.reset();
          setReady(null);
        }}
        error={mutation.isError ? describeError(mutation.error) : null}
      >
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          Acting on behalf of <strong>{ready.user.name}</strong> ({ready.user.uid}).
        </Alert>
        <Typography sx={{ mb: 1 }}>
          {ready.action === 'add'
            ? `The chat service will record a ${ready.reaction} (${reactionName(ready.reaction)}) reaction by ${ready.user.name} on message ${messageId}. Other users see it as theirs.`
            : `The chat service will remove ${ready.user.name}’s ${ready.reaction} (${reactionName(ready.reaction)}) reaction from message ${messageId}.`}
        </Typography>
        <Typography color="textSecondary">
          Reason recorded in the audit trail: “{ready.reason}”
        </Typography>
      </ConfirmDialog>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {/* The form is a flex column so the content scrolls between a fixed title and fixed actions. */}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>React on behalf of a user</DialogTitle>
        <DialogContent>
          <OnBehalfFields form={form} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Review
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
