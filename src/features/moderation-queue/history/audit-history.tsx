import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { auditQueries } from '@/api/queries/audit';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { filterErrors, hasFilterErrors } from '@/utils/filter-rules';
import { operatorActionRules, toAuditParams, type AuditFilters } from './audit-filters';
import { AuditFilterBar } from './audit-filter-bar';
import { operatorActionsTable } from './operator-actions-columns';

const perPage = 25;
const pageSizes = [perPage];

/** Who approved, rejected or deleted what, and with what result: the console's audit trail (admins). */
export function AuditHistory({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>) => void;
}) {
  // An operator the console server would refuse is never sent: the list says so instead.
  const invalid = hasFilterErrors(filterErrors(operatorActionRules, filters));
  const audit = useQuery({
    ...auditQueries.list(toAuditParams(filters, perPage)),
    enabled: !invalid,
  });
  return (
    <Box component="section" aria-labelledby="operator-actions-title">
      <Typography variant="h2" id="operator-actions-title" sx={{ mb: 1.5 }}>
        Operator actions
      </Typography>
      <AuditFilterBar
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={(next) => onChange({ ...next, page: 1 })}
      />
      <PagedTable
        spec={operatorActionsTable}
        query={audit}
        errorTitle="The audit trail could not be loaded"
        empty={<EmptyState title="No operator actions match" />}
        invalidFilters={invalid}
        pagination={listPager(
          { page: filters.page, perPage },
          onChange,
          'Operator actions per page',
          audit.data,
          pageSizes,
        )}
      />
    </Box>
  );
}
