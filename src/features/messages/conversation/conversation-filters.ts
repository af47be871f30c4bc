import { z } from '@/api/zod';
import type { ConversationFilters } from '@/api/messages';
import { messageCategorySchema, type MessageCategory } from '@/api/schemas/message';
import { listMessagesQuerySchema } from '@/api/schemas/message-query';
import type { FilterRules } from '@/utils/filter-rules';

export type ConversationMode = 'users' | 'group';

/** What the conversation browser reads from and writes to the URL search params. */
export interface ConversationSelection {
  mode: ConversationMode;
  /** The two users of a one-on-one conversation, as uids. */
  userA: string;
  userB: string;
  group: string;
  category: MessageCategory | undefined;
  type: string | undefined;
  /** Unix seconds. */
  from: number | undefined;
  to: number | undefined;
}

/** One-on-one conversations are `<uidA>_user_<uidB>` with the uids sorted; groups are `group_<guid>`. */
export function conversationIdOf(
  selection: Pick<ConversationSelection, 'mode' | 'userA' | 'userB' | 'group'>,
): string {
  if (selection.mode === 'group')
    return selection.group ? `group_${selection.group.toLowerCase()}` : '';
  if (!selection.userA || !selection.userB || selection.userA === selection.userB) return '';
  const [first, second] = [selection.userA.toLowerCase(), selection.userB.toLowerCase()].sort();
  return `${first}_user_${second}`;
}

const secondsParam = z.coerce.number().int().min(0).optional().catch(undefined);
// Kept as written: a custom type the service would refuse is said, not dropped (`messageFilterRules`).
const typeParam = z.string().optional().catch(undefined);

/** The custom type is `GET /messages`'s `type`, checked as the service checks it. */
export const messageFilterRules = {
  type: listMessagesQuerySchema.shape.type,
} as const satisfies FilterRules;
const idParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/)
  .catch('');

export function readSelection(params: URLSearchParams): ConversationSelection {
  const get = (key: string) => params.get(key) ?? undefined;
  return {
    mode: get('mode') === 'group' ? 'group' : 'users',
    userA: idParam.parse(get('a') ?? ''),
    userB: idParam.parse(get('b') ?? ''),
    group: idParam.parse(get('group') ?? ''),
    category: messageCategorySchema.optional().catch(undefined).parse(get('category')),
    type: typeParam.parse(get('type')),
    from: secondsParam.parse(get('from')),
    to: secondsParam.parse(get('to')),
  };
}

export function writeSelection(selection: ConversationSelection): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ['mode', selection.mode === 'group' ? 'group' : undefined],
    ['a', selection.mode === 'users' ? selection.userA : undefined],
    ['b', selection.mode === 'users' ? selection.userB : undefined],
    ['group', selection.mode === 'group' ? selection.group : undefined],
    ['category', selection.category],
    ['type', selection.type],
    ['from', selection.from],
    ['to', selection.to],
  ];
  for (const [key, value] of entries)
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

export function filtersOf(selection: ConversationSelection): ConversationFilters {
  return {
    conversationId: conversationIdOf(selection),
    category: selection.category,
    type: selection.type?.trim() || undefined,
    from: selection.from,
    to: selection.to,
  };
}
