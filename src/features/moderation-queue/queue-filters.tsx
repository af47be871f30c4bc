import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { emptyFilters, hasFilters, type QueueFilters } from './filters';

interface Props {
  filters: QueueFilters;
  /** Rules seen so far, offered as suggestions for the rule field. */
  knownRules: readonly { id: string; name: string }[];
  onApply: (filters: QueueFilters) => void;
}

/** Sender, rule and time range; applied on submit so typing never fires a request per key. */
export function QueueFilterBar({ filters, knownRules, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const rulesListId = useId();
  const set = (key: keyof QueueFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the queue"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
    >
      <TextField label="Sender uid" value={draft.sender} onChange={set('sender')} sx={{ width: 170 }} />
      <TextField
        label="Rule id"
        value={draft.rule}
        onChange={set('rule')}
        sx={{ width: 200 }}
        slotProps={{ htmlInput: { list: rulesListId, autoComplete: 'off' } }}
      />
      <datalist id={rulesListId}>
        {knownRules.map((rule) => (
          <option key={rule.id} value={rule.id}>
            {rule.name}
          </option>
        ))}
      </datalist>
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
  );
}
