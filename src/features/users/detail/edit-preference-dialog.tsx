import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { describeError } from '@/api/errors';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifier';
import { useUpdateNotificationPreferences } from '../mutations';
import { choicesOf, inWords, type EditableSetting } from './notification-words';

interface Props {
  uid: string;
  /** "Groups: Messages". */
  name: string;
  setting: EditableSetting;
  onClose: () => void;
}

/** Picks a new value for one preference and says what changes before the `PATCH` is sent. */
export function EditPreferenceDialog({ uid, name, setting, onClose }: Props) {
  const notify = useNotify();
  const mutation = useUpdateNotificationPreferences(uid);
  const [chosen, setChosen] = useState(setting.current);
  const labelId = useId();
  const before = inWords(setting.kind, setting.current);
  const after = inWords(setting.kind, chosen);
  const changes = chosen !== undefined && chosen !== setting.current;
  return (
    <ConfirmDialog
      open
      title={`Change “${name}” for ${uid}?`}
      confirmLabel="Save the change"
      confirmDisabled={!changes}
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (chosen === undefined) return;
        mutation.mutate(setting.body(chosen), {
          onSuccess: () => {
            notify(`${name} of ${uid}: ${before} → ${after}.`);
            onClose();
          },
        });
      }}
      error={mutation.isError ? describeError(mutation.error) : null}
    >
      <FormControl disabled={mutation.isPending} sx={{ mb: 2 }}>
        <FormLabel id={labelId}>{name}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={chosen === undefined ? '' : String(chosen)}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {choicesOf(setting.kind).map((choice) => (
            <FormControlLabel
              key={choice.value}
              value={String(choice.value)}
              control={<Radio />}
              label={choice.words}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Typography role="status">
        {changes
          ? `${name}: ${before} → ${after}, on all of ${uid}’s devices. The user is not told; the console’s audit trail records the change.`
          : `Now: ${before}. Pick another value to change it.`}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        If the app does not let users override this setting, the service ignores the change; the
        page then shows the value still in force.
      </Typography>
    </ConfirmDialog>
  );
}
