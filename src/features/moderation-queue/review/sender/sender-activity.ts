import { isPendingBlocked } from '@/api/blocked-messages';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { Message } from '@/api/schemas/message';

/**
 * The sender's other undecided blocked items among those the service listed, newest first. The blocked
 * list documents no sender filter, so this reads the list the queue already loaded.
 */
export function otherBlockedOf(
  items: readonly BlockedMessage[],
  current: Message,
): BlockedMessage[] {
  const sender = current.sender;
  return items
    .filter(
      (item) =>
        item.message.sender === sender && item.message.id !== current.id && isPendingBlocked(item),
    )
    .sort((a, b) => b.message.sentAt - a.message.sentAt);
}
