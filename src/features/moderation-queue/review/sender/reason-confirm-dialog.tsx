import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUnsavedInput } from '@/components/leave-warning';
import { describeError } from '@/api/errors';
import { reasonMaxLength, requiredReasonSchema } from '@/api/schemas/explanation';
import { z } from '@/api/zod';

const formSchema = z.object({ reason: requiredReasonSchema });
type Values = z.input<typeof formSchema>;

/**
 * The confirm step of an action on a sender: says what happens (`children`), asks the reason the
 * audit trail keeps, and shows the service's refusal in plain words without closing.
 */
export function ReasonConfirmDialog(props: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const error = form.formState.errors.reason?.message;
  useUnsavedInput(form.formState.isDirty, 'The reason you are writing');
  return (
    <Dialog
      open
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => props.onConfirm(values.reason))(event)
        }
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeError(props.error)}
            </Alert>
          ) : null}
          <Box id={bodyId}>{props.children}</Box>
          <TextField
            {...form.register('reason')}
            label="Reason (kept in the audit trail)"
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            error={error !== undefined}
            helperText={error ?? `${reason.length} / ${reasonMaxLength}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={props.pending}>
            {props.pending ? 'Working…' : props.confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
