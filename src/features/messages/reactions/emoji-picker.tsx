import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import { useRef, type KeyboardEvent } from 'react';
import { commonEmoji } from './emoji-catalog';

const columns = 7;

/**
 * A small grid of common emoji as toggle buttons with spoken names. One button is in the tab order;
 * arrow keys, Home and End move between them.
 */
export function EmojiPicker({
  value,
  onSelect,
  labelId,
}: {
  value: string;
  onSelect: (emoji: string) => void;
  labelId: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = commonEmoji.findIndex((entry) => entry.emoji === value);
  const tabStop = selectedIndex === -1 ? 0 : selectedIndex;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = commonEmoji.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(index + 1, last),
      ArrowLeft: Math.max(index - 1, 0),
      ArrowDown: Math.min(index + columns, last),
      ArrowUp: Math.max(index - columns, 0),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 44px)`, gap: 0.5 }}
    >
      {commonEmoji.map((entry, index) => {
        const selected = entry.emoji === value;
        return (
          <ButtonBase
            key={entry.emoji}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            aria-label={entry.name}
            aria-pressed={selected}
            title={entry.name}
            tabIndex={index === tabStop ? 0 : -1}
            onClick={() => onSelect(entry.emoji)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              width: 44,
              height: 44,
              fontSize: 24,
              borderRadius: 1,
              border: 1,
              borderColor: selected ? 'primary.main' : 'transparent',
              bgcolor: selected ? 'action.selected' : 'transparent',
              '&:hover': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible': {
                outline: 2,
                outlineColor: 'primary.main',
                outlineStyle: 'solid',
              },
            }}
          >
            <span aria-hidden="true">{entry.emoji}</span>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
