import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { UserPicker } from '@/components/user-picker';
import { reactionName } from './emoji-catalog';
import { EmojiPicker } from './emoji-picker';
import type { OnBehalfFormValues, OnBehalfRequest } from './on-behalf-form';

/** The fields of the on-behalf form: who, add or remove, which reaction, and why. */
export function OnBehalfFields({
  form,
}: {
  form: UseFormReturn<OnBehalfFormValues, unknown, OnBehalfRequest>;
}) {
  const pickerLabelId = useId();
  const actionLabelId = useId();
  const { errors } = form.formState;
  const user = form.watch('user');
  const reaction = form.watch('reaction');

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {user ? (
        <Alert severity="warning" role="status">
          You are acting on behalf of <strong>{user.name}</strong> ({user.uid}). The chat service
          will show the change as theirs; the console records you and your reason in the audit
          trail.
        </Alert>
      ) : null}
      <Controller
        control={form.control}
        name="user"
        render={({ field, fieldState }) => (
          <UserPicker
            label="Act as user"
            required
            value={field.value ? { uid: field.value.uid, name: field.value.name } : null}
            onChange={(next) => field.onChange(next ? { uid: next.uid, name: next.name } : null)}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Search by name or uid.'}
          />
        )}
      />
      <FormControl>
        <FormLabel id={actionLabelId}>Action</FormLabel>
        <Controller
          control={form.control}
          name="action"
          render={({ field }) => (
            <RadioGroup row aria-labelledby={actionLabelId} {...field}>
              <FormControlLabel value="add" control={<Radio />} label="Add a reaction" />
              <FormControlLabel value="remove" control={<Radio />} label="Remove a reaction" />
            </RadioGroup>
          )}
        />
      </FormControl>
      <div>
        <Typography id={pickerLabelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
          Common emoji
        </Typography>
        <EmojiPicker
          labelId={pickerLabelId}
          value={reaction}
          onSelect={(emoji) =>
            form.setValue('reaction', emoji, { shouldValidate: true, shouldDirty: true })
          }
        />
      </div>
      <Controller
        control={form.control}
        name="reaction"
        render={({ field, fieldState }) => (
          <TextField
            label="Reaction"
            required
            {...field}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
              `Pick an emoji above or type any emoji or text token, such as :party:.${field.value ? ` Selected: ${reactionName(field.value)}.` : ''}`
            }
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
        )}
      />
      <TextField
        label="Reason"
        required
        multiline
        minRows={2}
        error={!!errors.reason}
        helperText={
          errors.reason?.message ??
          'Why you act for this user, for example the ticket number. Kept in the audit trail only.'
        }
        {...form.register('reason')}
      />
    </Stack>
  );
}
