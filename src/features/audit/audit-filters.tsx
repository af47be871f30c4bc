import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { auditOutcomeSchema } from '@/api/schemas/console';
import { FilterSelect } from '@/components/filter-select';
import { FilterTextField } from '@/components/filter-text-field';
import { auditRules, fromLocalInput, toLocalInput, type AuditFilterValues } from './list-params';

const empty: AuditFilterValues = {
  operator: '',
  operation: '',
  target: '',
  outcome: undefined,
  from: undefined,
  to: undefined,
};

const textFields = [
  { key: 'operator', label: 'Operator', placeholder: undefined, flex: '1 1 140px' },
  { key: 'operation', label: 'Operation', placeholder: 'messages.delete', flex: '1 1 180px' },
  { key: 'target', label: 'Target', placeholder: 'any value: uid, id…', flex: '1 1 140px' },
] as const;

const timeFields = [
  { key: 'fromLocal', label: 'From' },
  { key: 'toLocal', label: 'To' },
] as const;

const outcomeOptions = [
  { value: '', label: 'Any outcome' },
  { value: 'ok', label: 'OK' },
  { value: 'refused', label: 'Refused by the service' },
  { value: 'failed', label: 'Failed (not sent)' },
  { value: 'unknown', label: 'Unknown (may be applied)' },
  { value: 'denied', label: 'Denied by the console' },
  { value: 'pending', label: 'Pending' },
];

/**
 * Filters of the audit log, applied together (and written to the URL) on "Apply". Mount it with a
 * `key` of the current URL filters, so the back button resets the fields too.
 */
export function AuditFilters({
  values,
  onApply,
}: {
  values: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}) {
  const [draft, setDraft] = useState({
    ...values,
    fromLocal: toLocalInput(values.from),
    toLocal: toLocalInput(values.to),
  });
  const set = (change: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { fromLocal, toLocal, ...rest } = draft;
    onApply({
      ...rest,
      operator: rest.operator.trim(),
      operation: rest.operation.trim(),
      target: rest.target.trim(),
      from: fromLocalInput(fromLocal),
      to: fromLocalInput(toLocal),
    });
  };
  const clear = () => {
    setDraft({ ...empty, fromLocal: '', toLocal: '' });
    onApply(empty);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}
    >
      {textFields.map((field) => (
        <FilterTextField
          key={field.key}
          size="small"
          label={field.label}
          placeholder={field.placeholder}
          value={draft[field.key]}
          rule={auditRules[field.key]}
          onChange={(e) => set({ [field.key]: e.target.value })}
          sx={{ flex: field.flex }}
        />
      ))}
      <FilterSelect
        label="Outcome"
        value={draft.outcome ?? ''}
        onChange={(value) => set({ outcome: auditOutcomeSchema.safeParse(value).data })}
        options={outcomeOptions}
        minWidth={140}
      />
      {timeFields.map((field) => (
        <TextField
          key={field.key}
          size="small"
          type="datetime-local"
          label={field.label}
          value={draft[field.key]}
          onChange={(e) => set({ [field.key]: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Box>
    </Box>
  );
}
