import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { auditOutcomeSchema } from '@/api/schemas/console';
import { fromLocalInput, toLocalInput, type AuditFilterValues } from './list-params';

const empty: AuditFilterValues = {
  operator: '',
  operation: '',
  target: '',
  outcome: undefined,
  from: undefined,
  to: undefined,
};

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
  const outcomeId = useId();
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
  const dateSlot = { inputLabel: { shrink: true } };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}
    >
      <TextField
        size="small"
        label="Operator"
        value={draft.operator}
        onChange={(e) => set({ operator: e.target.value })}
        sx={{ flex: '1 1 140px' }}
      />
      <TextField
        size="small"
        label="Operation"
        placeholder="messages.delete"
        value={draft.operation}
        onChange={(e) => set({ operation: e.target.value })}
        sx={{ flex: '1 1 180px' }}
      />
      <TextField
        size="small"
        label="Target"
        placeholder="uid or id"
        value={draft.target}
        onChange={(e) => set({ target: e.target.value })}
        sx={{ flex: '1 1 140px' }}
      />
      <FormControl size="small" sx={{ minWidth: 140 }}>
        <InputLabel id={outcomeId}>Outcome</InputLabel>
        <Select
          labelId={outcomeId}
          label="Outcome"
          value={draft.outcome ?? ''}
          onChange={(e) => set({ outcome: auditOutcomeSchema.safeParse(e.target.value).data })}
        >
          <MenuItem value="">Any outcome</MenuItem>
          <MenuItem value="ok">OK</MenuItem>
          <MenuItem value="denied">Denied</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </Select>
      </FormControl>
      <TextField
        size="small"
        type="datetime-local"
        label="From"
        value={draft.fromLocal}
        onChange={(e) => set({ fromLocal: e.target.value })}
        slotProps={dateSlot}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="To"
        value={draft.toLocal}
        onChange={(e) => set({ toLocal: e.target.value })}
        slotProps={dateSlot}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Box>
    </Box>
  );
}
