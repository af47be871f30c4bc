import { Link } from 'react-router';
import type { Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { UserLink } from '@/components/user-link';
import { paths } from '@/config/paths';
import { previewOf, senderNameOf } from '../message-preview';

function Content({ message }: { message: Message }) {
  if (message.deletedAt === undefined) return previewOf(message);
  return (
    <>
      <span className={`${c.chip} ${c.chipWarning}`}>Deleted</span>
      <span className={`${c.muted} ${c.gap}`}>{previewOf(message)}</span>
    </>
  );
}

/** The search's results: when, who (to their user page), where, what; each row opens its message. */
export const searchResultSpec: PagedTableSpec<Message> = {
  label: 'Search results',
  noun: 'message',
  loadingLabel: 'Searching messages',
  rowId: (message) => message.id,
  columns: [
    valueColumn('id', 'Message', (message) => (
      <Link
        className={c.link}
        to={paths.message.href(message.id)}
        aria-label={`Message ${message.id}`}
      >
        {message.id}
      </Link>
    )),
    valueColumn('sentAt', 'Sent', (message) => <DateTime seconds={message.sentAt} />, {
      className: c.noWrap,
    }),
    valueColumn('sender', 'Sender', (message) => (
      <UserLink
        className={c.link}
        uid={message.sender}
        aria-label={`Sender ${senderNameOf(message)} (${message.sender})`}
      >
        {senderNameOf(message)}
      </UserLink>
    )),
    valueColumn('conversation', 'Conversation', (message) => message.conversationId, {
      className: c.code,
    }),
    valueColumn('kind', 'Kind', (message) => `${message.category} · ${message.type}`, {
      className: c.noWrap,
    }),
    valueColumn('content', 'Content', (message) => <Content message={message} />),
  ],
};
