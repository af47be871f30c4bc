import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import { roleQueries } from '@/api/queries/roles';
import { PageHeader } from '@/components/page-header';
import { UnsupportedItems } from '@/components/unsupported-items';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { PermissionEditor } from '@/features/roles/permission-editor';
import type { FirstReads } from '../router';

/** Every role fits one page: the service allows at most 25 per app. */
const allRoles = { page: 1, perPage: 100 };

/**
 * The role, its catalog, the role list and the map last reported for it, asked for together from
 * the route: a query's own read would leave only once the page has committed, and the reported
 * map's only once the editor has mounted.
 */
export const firstReads: FirstReads = (client, { params }) => {
  const roleId = params.role ?? '';
  void client.prefetchQuery(roleQueries.detail(roleId));
  void client.prefetchQuery(roleQueries.catalog(roleId));
  void client.prefetchQuery(roleQueries.list(allRoles));
  void client.prefetchQuery(reportedPermissionQueries.detail(roleId));
};

export default function RolePage() {
  const { role: roleId = '' } = useParams();
  const operator = useOperator();
  // The four reads left from the route (firstReads), before this render.
  const role = useQuery(roleQueries.detail(roleId));
  const catalog = useQuery(roleQueries.catalog(roleId));
  const roles = useQuery(roleQueries.list(allRoles));
  const failed = role.error ?? catalog.error ?? roles.error;
  const loaded = useMemo(
    () =>
      role.data && catalog.data && roles.data
        ? { role: role.data, catalog: catalog.data, roles: roles.data }
        : undefined,
    [role.data, catalog.data, roles.data],
  );
  // The editor mounts in a render of its own, in slices, after the one the last answer causes: it is
  // the page's longest render, which would otherwise block the page in one task.
  const shown = useDeferredValue(loaded);

  // Data, not status: a failed background refetch must not unmount the editor and its unsaved changes.
  if (shown) {
    return (
      <>
        <PermissionEditor
          key={roleId}
          role={shown.role}
          catalog={shown.catalog.data}
          roles={shown.roles.data}
          readOnly={!operator.can('editPermissions')}
          readOnlyReason={deniedReason('editPermissions')}
        />
        <UnsupportedItems items={shown.catalog.unsupported} noun="catalog entry" />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Role “${roleId}”`}
        subtitle={
          <Link component={RouterLink} to={paths.roles.href()}>
            All roles
          </Link>
        }
      />
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            for (const query of [role, catalog, roles]) if (query.isError) void query.refetch();
          }}
        />
      ) : (
        <LoadingState label="Loading the role and its permission catalog" />
      )}
    </>
  );
}
