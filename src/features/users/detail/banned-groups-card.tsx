import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { bannedScanGroupLimit } from '@/api/groups';
import { groupQueries } from '@/api/queries/groups';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';

/** Groups whose banned list holds this user, among the groups checked (the scan is bounded; it says so). */
export function BannedGroupsCard({ uid }: { uid: string }) {
  const scan = useQuery(groupQueries.bannedScan(uid));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="banned-in-groups" sx={{ p: 2 }}>
      <Typography variant="h2" id="banned-in-groups" sx={{ mb: 1 }}>
        Banned from groups
      </Typography>
      {/* Known before the scan answers, so the page's longest text is drawn with its first paint. */}
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        The service has no lookup of a user’s bans: the console reads the banned lists of the first{' '}
        {bannedScanGroupLimit} groups it lists.
      </Typography>
      {scan.isPending ? (
        <LoadingState label="Checking banned lists" />
      ) : scan.isError ? (
        <ErrorState error={scan.error} onRetry={() => void scan.refetch()} />
      ) : (
        <>
          {scan.data.groups.length === 0 ? (
            <Typography>Not banned from any of the groups checked.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {scan.data.groups.map((group) => (
                <li key={group.guid}>
                  <Link component={RouterLink} to={paths.groupBanned.href(group.guid)}>
                    {group.name}
                  </Link>{' '}
                  <Typography
                    component="span"
                    variant="body2"
                    color="textSecondary"
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {group.guid}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {scan.data.checked >= scan.data.totalGroups
              ? `Checked all ${formatCount(scan.data.totalGroups)} groups.`
              : `Checked ${formatCount(scan.data.checked)} of ${formatCount(scan.data.totalGroups)} groups: bans in the others are not shown.`}
          </Typography>
        </>
      )}
    </Paper>
  );
}
