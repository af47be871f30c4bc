import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactionSummary } from '@/api/schemas/message';
import { formatCount } from '@/utils/format';
import { emojiName } from './emoji-catalog';

interface Props {
  summary: readonly ReactionSummary[];
  /** The selected reaction; undefined selects "All". */
  selected: string | undefined;
  onSelect: (reaction: string | undefined) => void;
}

/** One toggle chip per reaction with its count, plus "All". */
export function ReactionChips({ summary, selected, onSelect }: Props) {
  const total = summary.reduce((sum, r) => sum + r.count, 0);
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label="Reactions summary"
    >
      <Chip
        label={`All ${formatCount(total)}`}
        aria-label={`All ${formatCount(total)} reactions`}
        aria-pressed={selected === undefined}
        color={selected === undefined ? 'primary' : 'default'}
        variant={selected === undefined ? 'filled' : 'outlined'}
        onClick={() => onSelect(undefined)}
      />
      {summary.map(({ reaction, count }) => {
        const active = selected === reaction;
        const name = emojiName(reaction);
        return (
          <Chip
            key={reaction}
            label={`${reaction} ${formatCount(count)}`}
            aria-label={`${reaction} ${formatCount(count)} ${count === 1 ? 'reaction' : 'reactions'}${name ? ` (${name})` : ''}`}
            aria-pressed={active}
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => onSelect(active ? undefined : reaction)}
            sx={{ fontSize: '1rem' }}
          />
        );
      })}
    </Stack>
  );
}
