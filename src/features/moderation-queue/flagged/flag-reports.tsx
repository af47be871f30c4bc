import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { flaggingRuleOf, reportsOf } from '@/api/flagged-messages';
import type { FlaggedMessage, FlagReporter } from '@/api/schemas/flagged-message';
import { UserLink } from '@/components/user-link';

export interface ReasonGroup {
  key: string;
  name: string;
  description: string | undefined;
  reporters: FlagReporter[];
}

/** The reports of an item grouped by reason, the most reported reason first. */
export function groupReports(item: Pick<FlaggedMessage, 'flaggedBy'>): ReasonGroup[] {
  const groups = new Map<string, ReasonGroup>();
  for (const report of reportsOf(item)) {
    const key = report.reasonId ?? report.reasonName ?? '';
    const group = groups.get(key) ?? {
      key,
      name: report.reasonName ?? report.reasonId ?? 'No reason given',
      description: report.description,
      reporters: [],
    };
    group.reporters.push(report);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.reporters.length - a.reporters.length);
}

/** "Flagged by 3 users (Harassment ×2, Off-topic) and the rule Contact Details Filter". */
export function flagSummary(item: FlaggedMessage): string {
  const groups = groupReports(item);
  const count = reportsOf(item).length;
  const reasons = groups
    .map((g) => (g.reporters.length > 1 ? `${g.name} ×${g.reporters.length}` : g.name))
    .join(', ');
  const users = count > 0 ? `${count === 1 ? '1 user' : `${count} users`} (${reasons})` : '';
  const rule = flaggingRuleOf(item);
  const ruleText = rule ? `the rule ${rule.name ?? rule.id}` : '';
  return `Flagged by ${[users, ruleText].filter(Boolean).join(' and ') || 'nobody named'}`;
}

/**
 * Who flagged and why: each reason with its description, its reporters and their remarks. `linked`
 * only outside the listbox, whose options hold nothing focusable.
 */
export function FlagReports({ item, linked }: { item: FlaggedMessage; linked: boolean }) {
  const rule = flaggingRuleOf(item);
  return (
    <Box sx={{ mt: 0.75, display: 'grid', gap: 0.5 }}>
      {rule ? (
        <Typography variant="body2">
          Flagged by the rule <strong>{rule.name ?? rule.id}</strong>
        </Typography>
      ) : null}
      {groupReports(item).map((group) => (
        <Box key={group.key}>
          <Typography variant="body2">
            <strong>{group.name}</strong>
            {group.description ? ` — ${group.description}` : ''} ({group.reporters.length}{' '}
            {group.reporters.length === 1 ? 'report' : 'reports'})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {group.reporters.map((report) => (
              <Typography component="li" variant="body2" key={report.uid}>
                {linked ? (
                  <UserLink uid={report.uid}>{report.name}</UserLink>
                ) : (
                  (report.name ?? report.uid)
                )}
                {report.remark ? `: “${report.remark}”` : ''}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
