import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isMimeKey, tagProblem } from '../permission-schema';
import { asList, type ControlProps } from './control-props';

/** A free list (MIME types, custom message types): each entry is checked before it is added. */
export function TagInputControl(props: ControlProps) {
  const { permission, value, onChange, onBlur, labelId, describedBy, disabled, invalid } = props;
  const tags = asList(value);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mime = isMimeKey(permission);

  const add = () => {
    const tag = draft.trim();
    const refused =
      tagProblem(permission, tag) ??
      (tags.includes(tag) ? `“${tag}” is already in the list.` : null);
    setProblem(refused);
    if (refused) return;
    onChange([...tags, tag]);
    setDraft('');
  };

  return (
    <Stack
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      spacing={1}
      sx={{ minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {tags.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            No entries: no restriction.
          </Typography>
        ) : (
          tags.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              color={tagProblem(permission, tag) ? 'error' : 'default'}
              onDelete={disabled ? undefined : () => onChange(tags.filter((t) => t !== tag))}
              aria-label={disabled ? undefined : `Remove ${tag}`}
            />
          ))
        )}
      </Box>
      {disabled ? null : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={mime ? 'Add a MIME type' : 'Add a value'}
            placeholder={mime ? 'image/png' : undefined}
            value={draft}
            error={problem !== null || invalid}
            helperText={problem ?? (mime ? 'type/subtype, for example image/png or video/*' : ' ')}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            onBlur={onBlur}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button
            variant="outlined"
            onClick={add}
            sx={{ mt: '4px' }}
            aria-label={`Add to ${permission}`}
          >
            Add
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
