import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { Message } from '@/api/schemas/message';
import { formatRelative } from '@/utils/format';
import { messageSummary } from './message-content';

export const itemId = (item: BlockedMessage) => item.message.id;

/** The rule's name, or its id when the answer leaves the name out. */
export const ruleLabel = (item: BlockedMessage) => item.ruleName ?? item.ruleId;

/** When the rule held the message back; the send time when the answer gives no `createdAt`. */
export const blockedAt = (item: BlockedMessage) => item.createdAt ?? item.message.sentAt;

export function senderOf(message: Message): {
  uid: string;
  name: string;
  role: string | undefined;
} {
  const entity = message.data.entities?.sender?.entity;
  return { uid: message.sender, name: entity?.name ?? message.sender, role: entity?.role };
}

export function receiverOf(message: Message): { id: string; name: string; isGroup: boolean } {
  const entity = message.data.entities?.receiver?.entity;
  return {
    id: message.receiver,
    name: entity?.name ?? message.receiver,
    isGroup: message.receiverType === 'group',
  };
}

/** "Ann Lee to Bob Ray: hello there" — how the item is named to assistive technology and in confirmations. */
export function describeItem(item: BlockedMessage, nowMs?: number): string {
  const sender = senderOf(item.message);
  const receiver = receiverOf(item.message);
  const to = receiver.isGroup ? `group ${receiver.name}` : receiver.name;
  return `${sender.name} to ${to}, blocked by ${ruleLabel(item)}, ${formatRelative(item.message.sentAt, nowMs)}: ${messageSummary(item.message, 120)}`;
}

/** "message 42 from Ann Lee" — short form for results and toasts. */
export function shortName(item: BlockedMessage): string {
  return `message ${item.message.id} from ${senderOf(item.message).name}`;
}
