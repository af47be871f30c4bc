import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { FilterTextField } from '@/components/filter-text-field';
import { operatorActionParams, operatorActionRules, type AuditFilters } from './audit-filters';

export function AuditFilterBar({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter operator actions"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
    >
      <TextField
        select
        label="Action"
        value={draft.act}
        onChange={(event) =>
          setDraft((d) => ({ ...d, act: operatorActionParams.shape.act.parse(event.target.value) }))
        }
        sx={{ width: 220 }}
      >
        <MenuItem value="review">Approvals and rejections</MenuItem>
        <MenuItem value="flag-review">Flag reviews</MenuItem>
        <MenuItem value="delete">Deletions</MenuItem>
        <MenuItem value="ban">Bans</MenuItem>
        <MenuItem value="unban">Unbans</MenuItem>
      </TextField>
      <FilterTextField
        label="Operator"
        value={draft.by}
        rule={operatorActionRules.by}
        onChange={(event) => setDraft((d) => ({ ...d, by: event.target.value }))}
        sx={{ width: 160 }}
      />
      <TextField
        label="From day"
        type="date"
        value={draft.since}
        onChange={(event) => setDraft((d) => ({ ...d, since: event.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Until day"
        type="date"
        value={draft.until}
        onChange={(event) => setDraft((d) => ({ ...d, until: event.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="outlined">
        Apply filters
      </Button>
    </Box>
  );
}
