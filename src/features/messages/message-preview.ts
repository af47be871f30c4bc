import type { Message } from '@/api/schemas/message';

const nameOf = (entity: unknown): string | undefined => {
  if (typeof entity !== 'object' || entity === null) return undefined;
  const record = entity as Record<string, unknown>;
  for (const key of ['name', 'uid', 'guid', 'id'])
    if (typeof record[key] === 'string') return record[key];
  return undefined;
};

/** "Andrew Joseph banned Barry Allen in Hiking Group", from an action message's entities. */
function actionText(message: Message, action: string): string {
  const entities = message.data.entities;
  const by = nameOf(entities?.by?.entity);
  const on =
    entities?.on?.entityType === 'message'
      ? `message ${nameOf(entities.on.entity) ?? ''}`.trim()
      : nameOf(entities?.on?.entity);
  const where = entities?.for?.entityType === 'group' ? nameOf(entities.for.entity) : undefined;
  const words = [
    action === 'joined' || action === 'left' ? on : by,
    action,
    action === 'joined' || action === 'left' ? where : on,
  ];
  const sentence = words.filter(Boolean).join(' ');
  return `Action: ${sentence}${where && action !== 'joined' && action !== 'left' ? ` in ${where}` : ''}`;
}

/** A one-line description of a message's content, for lists and titles. */
export function previewOf(message: Message): string {
  const data = message.data;
  if (message.deletedAt !== undefined) return 'This message was deleted';
  if (data.text) return data.text;
  if (data.action) return actionText(message, data.action);
  const attachments = data.attachments?.length ?? (data.url ? 1 : 0);
  if (attachments > 0)
    return `${message.type} · ${attachments} attachment${attachments === 1 ? '' : 's'}`;
  if (message.category === 'custom') return `Custom ${message.type} message`;
  return `${message.category} · ${message.type}`;
}

export function senderNameOf(message: Message): string {
  return message.data.entities?.sender?.entity.name ?? message.sender;
}

export function reactionTotalOf(message: Message): number {
  return (message.data.reactions ?? []).reduce((sum, r) => sum + r.count, 0);
}
