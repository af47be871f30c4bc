import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { messageQueries } from '@/api/queries/messages';
import { paths } from '@/config/paths';
import { MessageRows } from './message-rows';
import { OverviewSection } from './overview-section';

/** How many of the user's messages the overview shows. */
const latestCount = 10;

/** The read behind the section, for a page that waits for it. */
export const latestMessagesQuery = (uid: string) => messageQueries.fromSender(uid, latestCount);

/** The user's latest messages anywhere (`GET /messages?sender=`), with the full search one click away. */
export function LatestMessagesSection({ uid }: { uid: string }) {
  const latest = useQuery(latestMessagesQuery(uid));
  const messages = latest.data?.data ?? [];
  return (
    <OverviewSection
      title="Latest messages"
      state={latest}
      isEmpty={messages.length === 0}
      empty={`${uid} has sent no message the service lists.`}
      note={`The ${latestCount} newest, across every conversation.`}
      actions={
        <Button
          component={RouterLink}
          to={`${paths.messages.href()}?sender=${encodeURIComponent(uid)}`}
        >
          See all
        </Button>
      }
    >
      <MessageRows
        label={`Latest messages of ${uid}`}
        rows={messages.map((message) => ({ key: message.id, message }))}
      />
    </OverviewSection>
  );
}
