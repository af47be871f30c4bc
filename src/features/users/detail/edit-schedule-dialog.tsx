import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { describeError } from '@/api/errors';
import {
  updateNotificationPreferencesBodySchema,
  type DaySchedule,
  type Weekday,
} from '@/api/schemas/notification';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useUpdateNotificationPreferences } from '../mutations';
import { dayWindow, weekdayNames } from './notification-words';
import { dayFormSchema, dayOf, formOf, type DayForm } from './schedule-form';

interface Props {
  uid: string;
  day: Weekday;
  current: DaySchedule;
  onClose: () => void;
}

/** Sets one day of the weekly schedule (its window, or no notifications) and says what changes first. */
export function EditScheduleDialog({ uid, day, current, onClose }: Props) {
  const notify = useNotify();
  const mutation = useUpdateNotificationPreferences(uid);
  const form = useForm<DayForm>({
    resolver: zodResolver(dayFormSchema),
    defaultValues: formOf(current),
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control });
  const parsed = dayFormSchema.safeParse(values);
  const next = parsed.success ? dayOf(parsed.data) : undefined;
  const name = weekdayNames[day];
  const before = dayWindow(current);
  const after = next ? dayWindow(next) : undefined;
  const changes = after !== undefined && after !== before;
  const { errors } = form.formState;
  const save = form.handleSubmit((valid) => {
    const body = updateNotificationPreferencesBodySchema.parse({
      mutePreferences: { schedule: { [day]: dayOf(valid) } },
    });
    mutation.mutate(body, {
      onSuccess: () => {
        notify(`${name} schedule of ${uid}: ${before} → ${after ?? before}.`);
        onClose();
      },
    });
  });
  const off = values.off === true;
  return (
    <ConfirmDialog
      open
      title={`Change the ${name} schedule for ${uid}?`}
      confirmLabel="Save the change"
      confirmDisabled={!changes}
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() => void save()}
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <FormControlLabel
        control={
          <Controller
            control={form.control}
            name="off"
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
        }
        label={`No notifications on ${name}`}
        disabled={mutation.isPending}
      />
      <Box sx={{ display: 'flex', gap: 2, my: 2, flexWrap: 'wrap' }}>
        {(['from', 'to'] as const).map((field) => (
          <TextField
            key={field}
            label={`${field === 'from' ? 'From' : 'To'} (HH:MM)`}
            {...form.register(field)}
            disabled={off || mutation.isPending}
            error={errors[field] !== undefined}
            helperText={errors[field]?.message ?? '24-hour time'}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ flex: '1 1 10em' }}
          />
        ))}
      </Box>
      <Typography role="status">
        {changes
          ? `${name}: ${before} → ${after}, in ${uid}’s own time zone, on all of their devices. The user is not told; the console’s audit trail records the change.`
          : `Now: ${before}. Change the window or turn the day off to save.`}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        If the app does not let users override the schedule, the service ignores the change; the
        page then shows the schedule still in force.
      </Typography>
    </ConfirmDialog>
  );
}
