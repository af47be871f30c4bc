import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import { PageHeader } from '@/components/page-header';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { paths } from '@/config/paths';
import { PermissionForm, type PermissionFormProps } from './permission-form';

/**
 * The permission editor of one role, once the map the service last reported (or the fact that it never
 * did) is known. The service has no read of a role's map: see docs/decisions/0009.
 */
export function PermissionEditor(props: Omit<PermissionFormProps, 'reported' | 'subtitle'>) {
  const { role } = props;
  const reported = useQuery(reportedPermissionQueries.detail(role.role));
  const description = role.description?.trim();
  const subtitle = (
    <>
      <Link component={RouterLink} to={paths.roles.href()}>
        All roles
      </Link>
      {` · ${role.role}${description ? ` · ${description}` : ''}`}
    </>
  );
  // Data, not status: a failed background refetch must not unmount the form and its unsaved changes.
  if (reported.data !== undefined)
    return <PermissionForm {...props} reported={reported.data} subtitle={subtitle} />;
  return (
    <>
      <PageHeader title={`Role “${role.name || role.role}”`} subtitle={subtitle} />
      {reported.error ? (
        <ErrorState error={reported.error} onRetry={() => void reported.refetch()} />
      ) : (
        <LoadingState label="Loading the values the service last reported for this role" />
      )}
    </>
  );
}
