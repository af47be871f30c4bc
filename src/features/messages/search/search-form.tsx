import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { messageCategoryValues } from '@/api/schemas/message';
import { searchFormSchema, type SearchFormValues } from './search-query';

interface Props {
  initial: SearchFormValues;
  /** Whether the initial values came from the URL: they are checked at once, to show a link's errors. */
  check: boolean;
  onSearch: (values: SearchFormValues) => void;
  onClear: () => void;
}

const boxes = [
  ['hasAttachments', 'Has attachments'],
  ['hasLinks', 'Has links'],
  ['hasMentions', 'Has mentions'],
  ['hasReactions', 'Has reactions'],
  ['onlyDeleted', 'Deleted only'],
] as const;

const fieldSx = { flex: '1 1 200px', minWidth: 180 };

/** The search form: each field checked as it is typed, with the service's own rules. */
export function SearchForm({ initial, check, onSearch, onClear }: Props) {
  const form = useForm<SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: initial,
    mode: 'onChange',
  });
  const { errors } = form.formState;
  const { trigger } = form;
  useEffect(() => {
    if (check) void trigger();
  }, [check, trigger]);

  const text = (name: Path<SearchFormValues>, label: string, hint: string, type = 'text') => (
    <TextField
      label={label}
      size="small"
      type={type}
      sx={fieldSx}
      error={errors[name] !== undefined}
      helperText={errors[name]?.message ?? hint}
      slotProps={{
        htmlInput: { autoComplete: 'off' },
        ...(type === 'datetime-local' ? { inputLabel: { shrink: true } } : {}),
      }}
      {...form.register(name)}
    />
  );
  const select = (
    name: 'receiverType' | 'category',
    label: string,
    options: [string, string][],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          label={label}
          sx={fieldSx}
          {...field}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? ' '}
        >
          {options.map(([value, optionLabel]) => (
            <MenuItem key={value} value={value}>
              {optionLabel}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <form
      noValidate
      role="search"
      aria-label="Search messages"
      onSubmit={(e) => void form.handleSubmit(onSearch)(e)}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {text('text', 'Text', 'Words in the message, up to 100 characters.')}
          {text('sender', 'Sender uid', 'Messages this user sent.')}
          {text('conversation', 'Conversation id', 'uidA_user_uidB, or group_<guid>.')}
          {select('receiverType', 'Sent to', [
            ['', 'Users and groups'],
            ['user', 'Users (one-on-one)'],
            ['group', 'Groups'],
          ])}
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {select('category', 'Category', [
            ['', 'Any category'],
            ...messageCategoryValues.map((value): [string, string] => [value, value]),
          ])}
          {text('type', 'Type', 'text, image, video, audio, file; any with custom.')}
          {text('from', 'Sent from', 'Local time.', 'datetime-local')}
          {text('to', 'Sent until', 'Local time.', 'datetime-local')}
        </Stack>
        <FormGroup row>
          {boxes.map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={label}
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  }
                />
              )}
            />
          ))}
        </FormGroup>
        {errors.onlyDeleted ? (
          <FormHelperText error>{errors.onlyDeleted.message}</FormHelperText>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
            Search
          </Button>
          <Button onClick={onClear}>Clear</Button>
        </Stack>
      </Stack>
    </form>
  );
}
