import Box from '@mui/material/Box';
import type { Insights } from '@/api/schemas/insights';
import { DecisionsSection, ModeratorsSection } from './decision-sections';
import { KeyFigures } from './key-figures';
import { QueueSection } from './queue-section';
import { rangeLabels } from './range';
import { RulesSection } from './rules-section';

/** Every figure of one range: key figures, then each chart with its table. */
export function InsightsFigures({ figures }: { figures: Insights }) {
  const range = rangeLabels[figures.range].toLowerCase();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <KeyFigures figures={figures} range={range} />
      <DecisionsSection figures={figures} range={range} />
      <ModeratorsSection figures={figures} range={range} />
      <QueueSection queue={figures.queue} range={range} />
      <RulesSection rules={figures.rules} range={range} />
    </Box>
  );
}
