import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUnsavedInput } from '@/components/leave-warning';
import { z } from '@/api/zod';
import { idSchema } from '@/api/schemas/common';
import { bulkUidsMax } from '@/api/schemas/users-bulk';
import { uniqueUids } from './bulk-batches';

const linesOf = (text: string) => uniqueUids(text.split(/[\r\n,;\t]+/));

const uidEntrySchema = z.object({
  text: z.string().superRefine((text, ctx) => {
    const uids = linesOf(text);
    if (uids.length === 0) ctx.addIssue({ code: 'custom', message: 'Enter at least one uid.' });
    if (uids.length > bulkUidsMax)
      ctx.addIssue({ code: 'custom', message: `At most ${bulkUidsMax} uids at a time.` });
    const bad = uids.filter((uid) => !idSchema.safeParse(uid).success);
    if (bad.length > 0) {
      const shown = bad
        .slice(0, 3)
        .map((uid) => `“${uid}”`)
        .join(', ');
      ctx.addIssue({
        code: 'custom',
        message: `Not a valid uid (letters, digits, “_” and “-”, at most 100 characters): ${shown}${bad.length > 3 ? ` and ${bad.length - 3} more` : ''}.`,
      });
    }
  }),
});
type UidEntry = z.infer<typeof uidEntrySchema>;

/** Uids typed or pasted from a support ticket, one per line (commas work too), added to the selection. */
export function UidEntryDialog({
  onAdd,
  onClose,
}: {
  onAdd: (uids: string[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<UidEntry>({
    resolver: zodResolver(uidEntrySchema),
    defaultValues: { text: '' },
  });
  const count = linesOf(useWatch({ control: form.control, name: 'text' })).length;
  const submit = form.handleSubmit(({ text }) => {
    onAdd(linesOf(text));
    onClose();
  });
  const error = form.formState.errors.text?.message;
  useUnsavedInput(form.formState.isDirty, 'The uids you entered');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Enter uids</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Paste the uids named in a ticket, one per line. They join the selection, so you can
            deactivate or reactivate them with the users already selected. Unknown uids are reported
            as not found.
          </Typography>
          <TextField
            {...form.register('text')}
            label="Uids, one per line"
            multiline
            minRows={5}
            maxRows={14}
            fullWidth
            error={error !== undefined}
            helperText={error ?? `${count} ${count === 1 ? 'uid' : 'uids'}`}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Add {count} to selection
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
