import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueries, useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paramClasses } from '@/api/contract/param-classes';
import { isNotFound } from '@/api/errors';
import { userQueries } from '@/api/queries/users';
import { PageHeader } from '@/components/page-header';
import { MissingPage } from '@/components/missing-page';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { useFormattersAhead } from '@/components/use-formatters-ahead';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { BannedGroupsCard } from './banned-groups-card';
import { ConsoleActionsSection, consoleActionsQuery } from './console-actions-section';
import { LatestMessagesSection, latestMessagesQuery } from './latest-messages-section';
import { ModerationSections, moderationListQueries } from './moderation-sections';
import { MarkDeliveredCard } from './mark-delivered-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { UserProfileCard } from './user-profile-card';

const backToUsers = (
  <Button component={RouterLink} to={paths.users.href()}>
    All users
  </Button>
);

/** Mounts its children in a transition after the first paint: for a card that starts below the fold. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

/** How long a section waits for the one above it before it shows anyway. */
const sectionWaitMs = 1000;

/**
 * Mounts its children once `ready` (the section above has its answer, and so its height), or after
 * `sectionWaitMs`: a list that grows when it arrives then never pushes down a section already on
 * screen, and a slow one holds the rest of the page back for a second at most.
 */
function ShownAfter({ ready, children }: { ready: boolean; children: ReactNode }) {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setWaited(true), sectionWaitMs);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready || waited ? children : null;
}

const answered = (reads: { isPending: boolean }[]) => reads.every((read) => !read.isPending);

function MissingUser({ uid }: { uid: string }) {
  return (
    <MissingPage
      heading="User not found"
      title={`No user “${uid}”`}
      icon={<PersonSearchOutlined />}
      back={backToUsers}
    >
      No active or deactivated user has this uid.
    </MissingPage>
  );
}

/**
 * One user: profile and account state, group bans, their messages, their part of the moderation lists,
 * the console's actions on them, notification preferences and the delivered tool. Each section reads
 * on its own; only the profile holds the page.
 */
export function UserDetail({ uid }: { uid: string }) {
  // A uid the service cannot have is not asked for.
  return paramClasses.id(uid) ? <KnownUid uid={uid} /> : <MissingUser uid={uid} />;
}

function KnownUid({ uid }: { uid: string }) {
  const operator = useOperator();
  // The user and the bans scan were asked for by the route (firstReads in src/app/routes/user.tsx).
  const found = useQuery(userQueries.found(uid));
  // The sections under the first row show in order (`ShownAfter`); their reads start with the page's.
  const mayReadAudit = operator.can('readAudit');
  const lists = moderationListQueries();
  const sectionsIn = useQueries({
    queries: [
      latestMessagesQuery(uid),
      ...lists,
      ...(mayReadAudit ? [consoleActionsQuery(uid)] : []),
    ],
    combine: (reads) => ({
      latest: answered(reads.slice(0, 1)),
      lists: answered(reads.slice(1, 1 + lists.length)),
      actions: answered(reads.slice(1 + lists.length)),
    }),
  });
  // The profile shows dates.
  useFormattersAhead(found.isPending);

  if (found.isPending) return <LoadingState label="Loading the user" />;
  if (found.isError && isNotFound(found.error)) return <MissingUser uid={uid} />;
  if (found.isError) {
    return (
      <>
        <PageHeader title="User" actions={backToUsers} />
        <ErrorState error={found.error} onRetry={() => void found.refetch()} />
      </>
    );
  }

  const { user, deactivated } = found.data;
  return (
    <>
      <PageHeader
        title={user.name}
        subtitle={deactivated ? `${user.uid} · deactivated` : user.uid}
        actions={backToUsers}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <UserProfileCard
          user={user}
          deactivated={deactivated}
          mayManage={operator.can('manageUserAccounts')}
        />
        <BannedGroupsCard uid={user.uid} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <LatestMessagesSection uid={user.uid} />
        </Box>
        <ShownAfter ready={sectionsIn.latest}>
          <ModerationSections uid={user.uid} />
          <ShownAfter ready={sectionsIn.lists}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ConsoleActionsSection uid={user.uid} mayRead={mayReadAudit} />
            </Box>
            <ShownAfter ready={sectionsIn.actions}>
              {deactivated ? (
                <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
                  Notification preferences and the delivered tool are available again once the user
                  is reactivated: the service treats a deactivated user as missing.
                </Alert>
              ) : (
                <>
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <NotificationPreferencesCard
                      uid={user.uid}
                      mayReset={operator.can('editNotificationPreferences')}
                    />
                  </Box>
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    {/* Out of the first screen: its user picker is a third of the first render. */}
                    <AfterFirstPaint>
                      <MarkDeliveredCard uid={user.uid} allowed={operator.can('markDelivered')} />
                    </AfterFirstPaint>
                  </Box>
                </>
              )}
            </ShownAfter>
          </ShownAfter>
        </ShownAfter>
      </Box>
    </>
  );
}
