import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Insights } from '@/api/schemas/insights';
import { NoFigures } from './figure-section';
import { RulesTable } from './rules-table';

/** Decisions per moderation rule, with each rule's approval rate. */
export function RulesSection({ rules, range }: { rules: Insights['rules']; range: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="insights-rules" sx={{ p: 2.5 }}>
      <Typography variant="h2" id="insights-rules" sx={{ mb: 1 }}>
        Rules
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Approval rate: approved ÷ decided. A rule whose blocked messages are mostly approved blocks
        too much.
      </Typography>
      {rules.length === 0 ? (
        <NoFigures>{`No rule has messages waiting or decided in the ${range}.`}</NoFigures>
      ) : (
        <RulesTable rules={rules} caption={`Decisions per rule, ${range}`} />
      )}
    </Paper>
  );
}
