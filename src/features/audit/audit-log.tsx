import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryToggleOffOutlined from '@mui/icons-material/HistoryToggleOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { auditCsvHref } from '@/api/console';
import { auditQueries } from '@/api/queries/audit';
import { listPager } from '@/components/list-pager';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { writeListState } from '@/utils/list-state';
import { useListState } from '@/utils/use-list-state';
import { auditTable } from './audit-columns';
import { AuditFilters } from './audit-filters';
import { auditParams, auditRules, filtersOf, toListParams } from './list-params';

/** The audit trail with its filters and page in the URL, and a CSV export of the same filters. */
export function AuditLog() {
  const { state: search, update, invalid } = useListState(auditParams, auditRules);
  const listParams = toListParams(search);
  // Filters the console server would refuse are never sent: the list and the export say so instead.
  const entries = useQuery({ ...auditQueries.list(listParams), enabled: !invalid });
  // The filter fields start again from the URL whenever its filters change (the back button too).
  const filterKey = writeListState(auditParams, { ...search, page: 1, perPage: 25 }).toString();

  return (
    <>
      <AuditFilters
        key={filterKey}
        values={filtersOf(search)}
        onApply={(values) => update(values)}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          component="a"
          href={auditCsvHref(listParams)}
          download
          disabled={invalid}
          startIcon={<FileDownloadOutlined />}
        >
          Export CSV
        </Button>
      </Box>
      <PagedTable
        spec={auditTable}
        query={entries}
        updatingLabel="Updating the audit log"
        empty={
          <EmptyState title="No audit entries match" icon={<HistoryToggleOffOutlined />}>
            Try wider filters or another time range.
          </EmptyState>
        }
        pagination={listPager(search, update, 'Entries per page', entries.data)}
        invalidFilters={invalid}
      />
    </>
  );
}
