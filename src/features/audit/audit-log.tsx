import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryToggleOffOutlined from '@mui/icons-material/HistoryToggleOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { auditCsvHref } from '@/api/console';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import {
  filtersOf,
  parseAuditSearch,
  toAuditSearchParams,
  toListParams,
  type AuditSearch,
} from './list-params';
import { auditQueries } from '@/api/queries/audit';

/** The audit trail with its filters and page in the URL, and a CSV export of the same filters. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const search = parseAuditSearch(params);
  const listParams = toListParams(search);
  const entries = useQuery(auditQueries.list(listParams));
  // Any change other than the page starts again at page 1.
  const update = (change: Partial<AuditSearch>) =>
    setParams(toAuditSearchParams({ ...search, ...change, page: change.page ?? 1 }));
  const filterKey = toAuditSearchParams({ ...search, page: 1, perPage: 25 }).toString();

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
          startIcon={<FileDownloadOutlined />}
        >
          Export CSV
        </Button>
      </Box>
      {entries.isFetching && !entries.isPending ? (
        <LinearProgress aria-label="Updating the audit log" sx={{ mb: -0.5 }} />
      ) : null}
      {entries.isPending ? (
        <LoadingState label="Loading the audit log" />
      ) : entries.isError ? (
        <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />
      ) : entries.data.data.length === 0 ? (
        <EmptyState title="No audit entries match" icon={<HistoryToggleOffOutlined />}>
          Try wider filters or another time range.
        </EmptyState>
      ) : (
        <AuditTable
          entries={entries.data.data}
          total={entries.data.meta.pagination.total}
          page={search.page}
          perPage={search.perPage}
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ perPage })}
        />
      )}
    </>
  );
}
