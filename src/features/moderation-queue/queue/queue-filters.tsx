import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { FilterTextField } from '@/components/filter-text-field';
import { emptyFilters, hasFilters, queueFilterRules, type QueueFilters } from './filters';

interface Props {
  filters: QueueFilters;
  /** The rules of the loaded items: the only ones the filter can match. */
  knownRules: readonly { id: string; name: string }[];
  /** Items loaded before filtering, which is all the filters can narrow. */
  loadedCount: number;
  onApply: (filters: QueueFilters) => void;
}

/** Sender, rule and time range over the loaded items; applied on submit, and kept in the URL. */
export function QueueFilterBar({ filters, knownRules, loadedCount, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof QueueFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const ruleMissing = draft.rule !== '' && !knownRules.some((rule) => rule.id === draft.rule);
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the queue"
      onSubmit={submit}
      sx={{ mb: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <FilterTextField
          label="Sender uid"
          value={draft.sender}
          rule={queueFilterRules.sender}
          onChange={set('sender')}
          sx={{ width: 170 }}
        />
        <TextField
          select
          label="Rule"
          value={draft.rule}
          onChange={set('rule')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 220 }}
        >
          <option value="">Any rule</option>
          {knownRules.map((rule) => (
            <option key={rule.id} value={rule.id}>
              {rule.name === rule.id ? rule.id : `${rule.name} (${rule.id})`}
            </option>
          ))}
          {ruleMissing ? <option value={draft.rule}>{draft.rule} (none loaded)</option> : null}
        </TextField>
        <TextField
          label="Blocked from"
          type="datetime-local"
          value={draft.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Blocked until"
          type="datetime-local"
          value={draft.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="outlined">
          Apply filters
        </Button>
        {hasFilters(filters) ? (
          <Button
            onClick={() => {
              setDraft(emptyFilters);
              onApply(emptyFilters);
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Box>
      {hasFilters(filters) ? (
        <Typography variant="body2" color="textSecondary" role="note" sx={{ mt: 1 }}>
          Filtering the {loadedCount} {loadedCount === 1 ? 'item' : 'items'} loaded: the service
          does not document these filters.
        </Typography>
      ) : null}
    </Box>
  );
}
