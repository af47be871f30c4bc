import type { Message } from '@/api/schemas/message';

/** A one-line description of a message's content, for lists and titles. */
export function previewOf(message: Message): string {
  const data = message.data;
  if (message.deletedAt !== undefined) return 'This message was deleted';
  if (data.text) return data.text;
  if (data.action) return `Action: ${data.action}`;
  const attachments = data.attachments?.length ?? (data.url ? 1 : 0);
  if (attachments > 0) return `${message.type} · ${attachments} attachment${attachments === 1 ? '' : 's'}`;
  if (message.category === 'custom') return `Custom ${message.type} message`;
  return `${message.category} · ${message.type}`;
}

export function senderNameOf(message: Message): string {
  return message.data.entities?.sender?.entity.name ?? message.sender;
}

export function reactionTotalOf(message: Message): number {
  return (message.data.reactions ?? []).reduce((sum, r) => sum + r.count, 0);
}
