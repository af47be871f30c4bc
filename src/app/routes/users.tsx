import { roleQueries } from '@/api/queries/roles';
import { userQueries } from '@/api/queries/users';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { InterruptedBulkRun } from '@/features/users/bulk/interrupted-bulk-run';
import {
  directoryParams,
  directoryRules,
  toListParams,
} from '@/features/users/directory/directory-params';
import { UsersDirectory } from '@/features/users/directory/users-directory';
import { filterErrors, hasFilterErrors } from '@/utils/filter-rules';
import { parseListState } from '@/utils/list-state';
import type { FirstReads } from '../router';

/**
 * The page of users the URL asks for and the roles its filter offers, the reads the directory makes
 * as it mounts (a search the service would refuse is not asked for). The console server sends their
 * answers after the page's heading (decision 0062).
 */
export const firstReads: FirstReads = (client, { search }) => {
  void client.prefetchQuery(roleQueries.options());
  const state = parseListState(directoryParams, search);
  if (hasFilterErrors(filterErrors(directoryRules, state))) return;
  void client.prefetchQuery(userQueries.list(toListParams(state)));
};
export const answersAfterHeading = true;

export default function UsersPage() {
  return (
    <>
      <PageHeader {...pageHeadings.users} />
      <InterruptedBulkRun />
      <UsersDirectory />
    </>
  );
}
