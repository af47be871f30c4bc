import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  messageCategoryValues,
  standardMessageTypeValues,
  type MessageCategory,
} from '@/api/schemas/message';
import { FilterTextField } from '@/components/filter-text-field';
import { messageFilterRules, type ConversationSelection } from './conversation-filters';

type Filters = Pick<ConversationSelection, 'category' | 'type' | 'from' | 'to'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → the local `YYYY-MM-DDTHH:mm` a datetime-local input shows. */
export function toLocalInput(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

const isCategory = (value: string): value is MessageCategory =>
  (messageCategoryValues as readonly string[]).includes(value);

/** Category, type and time range of the conversation's messages; every change lands in the URL. */
export function MessageFilters({
  value,
  onChange,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  const custom = value.category === 'custom';
  const empty =
    value.category === undefined &&
    value.type === undefined &&
    value.from === undefined &&
    value.to === undefined;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        select
        size="small"
        label="Category"
        value={value.category ?? ''}
        onChange={(e) => {
          const category = isCategory(e.target.value) ? e.target.value : undefined;
          // A standard type only fits non-custom categories, and custom types only fit `custom`.
          onChange({
            ...value,
            category,
            type: category === 'custom' || custom ? undefined : value.type,
          });
        }}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">Any category</MenuItem>
        {messageCategoryValues.map((category) => (
          <MenuItem key={category} value={category}>
            {category}
          </MenuItem>
        ))}
      </TextField>
      {custom ? (
        <FilterTextField
          size="small"
          label="Custom type"
          value={value.type ?? ''}
          rule={messageFilterRules.type}
          onChange={(e) => onChange({ ...value, type: e.target.value || undefined })}
          sx={{ minWidth: 150 }}
        />
      ) : (
        <TextField
          select
          size="small"
          label="Type"
          value={value.type ?? ''}
          onChange={(e) => onChange({ ...value, type: e.target.value || undefined })}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">Any type</MenuItem>
          {standardMessageTypeValues.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        size="small"
        type="datetime-local"
        label="Sent from"
        value={toLocalInput(value.from)}
        onChange={(e) => onChange({ ...value, from: fromLocalInput(e.target.value) })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="Sent until"
        value={toLocalInput(value.to)}
        onChange={(e) => onChange({ ...value, to: fromLocalInput(e.target.value) })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        disabled={empty}
        onClick={() =>
          onChange({ category: undefined, type: undefined, from: undefined, to: undefined })
        }
      >
        Clear filters
      </Button>
    </Stack>
  );
}
