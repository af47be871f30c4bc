import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { messageQueries } from '@/api/queries/messages';
import type { Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { receiverOf, ruleLabel, senderOf } from '../../item-info';
import { messageSummary } from '../../message-content';
import { otherBlockedOf } from './sender-activity';
import { SenderActions } from './sender-actions';

/** Recent messages shown per sender: one page of the documented `sender` filter. */
const recentLimit = 5;
const blockedShown = 5;

function ListOf({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, fontSize: '0.875rem' }}>
      {children}
    </Box>
  );
}

function OtherBlocked({ message }: { message: Message }) {
  // The queue polls this list already; reading it here adds no call of its own.
  const list = useQuery({
    ...blockedMessageQueries.list(),
    refetchOnMount: false,
    refetchInterval: false,
  });
  const others = otherBlockedOf(list.data?.data ?? [], message);
  if (list.isPending) return <LoadingState label="Loading the sender's blocked messages" />;
  if (others.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No other blocked message from this sender among the {list.data?.data.length ?? 0} listed.
      </Typography>
    );
  return (
    <ListOf label="Other blocked messages from this sender">
      {others.slice(0, blockedShown).map((other) => (
        <li key={other.message.id}>
          {messageSummary(other.message, 70)}{' '}
          <Typography component="span" variant="caption" color="textSecondary">
            ({ruleLabel(other)}, <DateTime seconds={other.message.sentAt} />)
          </Typography>
        </li>
      ))}
      {others.length > blockedShown ? <li>and {others.length - blockedShown} more</li> : null}
    </ListOf>
  );
}

function RecentMessages({ uid }: { uid: string }) {
  const recent = useQuery(messageQueries.fromSender(uid, recentLimit));
  if (recent.isPending) return <LoadingState label="Loading the sender's recent messages" />;
  if (recent.isError)
    return (
      <ErrorState
        error={recent.error}
        onRetry={() => void recent.refetch()}
        title="The sender's messages could not be loaded"
      />
    );
  if (recent.data.data.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No delivered messages from this sender.
      </Typography>
    );
  return (
    <ListOf label="Recent messages from this sender">
      {recent.data.data.map((message) => {
        const to = receiverOf(message);
        return (
          <li key={message.id}>
            {messageSummary(message, 70)}{' '}
            <Typography component="span" variant="caption" color="textSecondary">
              (to {to.isGroup ? `group ${to.name}` : to.name}, <DateTime seconds={message.sentAt} />
              )
            </Typography>
          </li>
        );
      })}
    </ListOf>
  );
}

/** The sender of a queue item: act on them (ban, deactivate) and see what else they sent. */
export function SenderPanel({ message }: { message: Message }) {
  const sender = senderOf(message);
  const receiver = receiverOf(message);
  const group = receiver.isGroup ? { guid: receiver.id, name: receiver.name } : null;
  return (
    <Box
      component="section"
      aria-label={`Sender ${sender.name}`}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <SenderActions sender={sender} group={group} />
      <Box>
        <Typography variant="subtitle2" component="h3">
          Other blocked messages
        </Typography>
        <OtherBlocked message={message} />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Recent messages
        </Typography>
        <RecentMessages uid={sender.uid} />
      </Box>
    </Box>
  );
}
