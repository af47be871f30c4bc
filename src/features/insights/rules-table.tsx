import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { RuleFigures } from '@/api/schemas/insights';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';
import { FigureTable } from './figure-table';
import { formatRate, ruleLabel } from './figures-format';

/** The queue filtered by a rule (its `?rule=` filter). */
export const queueOfRule = (ruleId: string) =>
  `${paths.blocked.href()}?${new URLSearchParams({ rule: ruleId }).toString()}`;

/** Per rule: what waits, what was decided, and the approval rate, each rule linking to its queue. */
export function RulesTable({ rules, caption }: { rules: readonly RuleFigures[]; caption: string }) {
  return (
    <FigureTable
      caption={caption}
      columns={[
        { header: 'Rule' },
        { header: 'Waiting now', numeric: true },
        { header: 'Approved', numeric: true },
        { header: 'Rejected', numeric: true },
        { header: 'Deleted', numeric: true },
        { header: 'Decided', numeric: true },
        { header: 'Approval rate', numeric: true },
      ]}
      rows={rules.map((rule) => ({
        key: rule.ruleId ?? '(unknown)',
        cells: [
          rule.ruleId === null ? (
            ruleLabel(rule)
          ) : (
            <Link
              component={RouterLink}
              to={queueOfRule(rule.ruleId)}
              aria-label={`${ruleLabel(rule)}: open the queue filtered by this rule`}
            >
              {ruleLabel(rule)}
            </Link>
          ),
          formatCount(rule.waiting),
          formatCount(rule.approved),
          formatCount(rule.rejected),
          formatCount(rule.deleted),
          formatCount(rule.decided),
          formatRate(rule.approvalRate),
        ],
      }))}
    />
  );
}
