import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '@/api/zod';

const formSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, { error: 'Enter a message id' })
    .regex(/^[1-9]\d{0,17}$/, { error: 'Message ids are whole numbers, such as 402' }),
});
type FormValues = z.infer<typeof formSchema>;

/** Opens a message by its id. */
export function MessageIdSearch({ onOpen }: { onOpen: (id: string) => void }) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { id: '' },
  });
  const error = form.formState.errors.id;
  return (
    <form
      noValidate
      role="search"
      aria-label="Find a message by id"
      onSubmit={(e) => void form.handleSubmit((values) => onOpen(values.id))(e)}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Message id"
          size="small"
          error={!!error}
          helperText={error?.message ?? 'Opens the message with its reactions.'}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          {...form.register('id')}
        />
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />} sx={{ mt: '2px' }}>
          Open message
        </Button>
      </Stack>
    </form>
  );
}
