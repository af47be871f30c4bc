import type { MessageSearch } from '@/api/message-search';
import {
  messageCategoryValues,
  type MessageCategory,
  type ReceiverType,
} from '@/api/schemas/message';
import { listMessagesQuerySchema } from '@/api/schemas/message-query';
import { z } from '@/api/zod';
import { fromLocalInput, toLocalInput } from '../conversation/message-filters';

/** The search form as typed: every field a string or a box, nothing checked yet. */
export interface SearchFormValues {
  text: string;
  sender: string;
  conversation: string;
  receiverType: '' | ReceiverType;
  category: '' | MessageCategory;
  type: string;
  /** `YYYY-MM-DDTHH:mm`, local time, as a datetime-local input holds it. */
  from: string;
  to: string;
  hasAttachments: boolean;
  hasLinks: boolean;
  hasMentions: boolean;
  hasReactions: boolean;
  onlyDeleted: boolean;
}

const flags = ['hasAttachments', 'hasLinks', 'hasMentions', 'hasReactions', 'onlyDeleted'] as const;

/** The `GET /messages` query the form stands for, as strings, before the service's schema reads it. */
function wireQueryOf(form: SearchFormValues): Record<string, string> {
  const query: Record<string, string> = {};
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') query[key] = String(value);
  };
  put('searchKey', form.text);
  put('sender', form.sender);
  put('conversationId', form.conversation);
  put('receiverType', form.receiverType);
  put('category', form.category);
  put('type', form.type);
  put('fromTimestamp', fromLocalInput(form.from));
  put('toTimestamp', fromLocalInput(form.to));
  for (const flag of flags) if (form[flag]) query[flag] = 'true';
  return query;
}

/** Which form field a query parameter comes from, so the service's error lands beside that field. */
const fieldOf: Record<string, keyof SearchFormValues> = {
  searchKey: 'text',
  sender: 'sender',
  conversationId: 'conversation',
  receiverType: 'receiverType',
  category: 'category',
  type: 'type',
  fromTimestamp: 'from',
  toTimestamp: 'to',
  onlyDeleted: 'onlyDeleted',
};

/**
 * The form's rules are the service's: the values go through the same `GET /messages` query schema the
 * emulator and the console server apply, and each issue is put on the field it came from. A window
 * ending before it starts is refused too (the service would just find nothing).
 */
export const searchFormSchema = z
  .object({
    text: z.string(),
    sender: z.string(),
    conversation: z.string(),
    receiverType: z.enum(['', 'user', 'group']),
    category: z.enum(['', ...messageCategoryValues]),
    type: z.string(),
    from: z.string(),
    to: z.string(),
    hasAttachments: z.boolean(),
    hasLinks: z.boolean(),
    hasMentions: z.boolean(),
    hasReactions: z.boolean(),
    onlyDeleted: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const parsed = listMessagesQuerySchema.safeParse(wireQueryOf(form));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf[String(issue.path[0])] ?? 'text';
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
    const from = fromLocalInput(form.from);
    const to = fromLocalInput(form.to);
    if (from !== undefined && to !== undefined && to < from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start.' });
  });

/** The search a valid form stands for, or undefined when the service would refuse it. */
export function searchOf(form: SearchFormValues): MessageSearch | undefined {
  if (!searchFormSchema.safeParse(form).success) return undefined;
  const query = listMessagesQuerySchema.parse(wireQueryOf(form));
  return {
    text: query.searchKey,
    sender: query.sender,
    conversationId: query.conversationId,
    receiverType: query.receiverType,
    category: query.category,
    type: query.type,
    from: query.fromTimestamp,
    to: query.toTimestamp,
    hasAttachments: query.hasAttachments,
    hasLinks: query.hasLinks,
    hasMentions: query.hasMentions,
    hasReactions: query.hasReactions,
    onlyDeleted: query.onlyDeleted,
  };
}

/** URL parameter of each form field; times go in Unix seconds, boxes as `1`. */
const paramOf = {
  text: 'q',
  sender: 'sender',
  conversation: 'conversation',
  receiverType: 'receiver',
  category: 'category',
  type: 'type',
  from: 'from',
  to: 'to',
  hasAttachments: 'attachments',
  hasLinks: 'links',
  hasMentions: 'mentions',
  hasReactions: 'reactions',
  onlyDeleted: 'deleted',
} as const satisfies Record<keyof SearchFormValues, string>;

const secondsOf = (value: string | null) =>
  value !== null && /^\d{1,12}$/.test(value) ? toLocalInput(Number(value)) : (value ?? '');

/**
 * The form as the URL holds it. Values are taken as they are (not dropped when malformed), so a link
 * with a bad value shows its error in the form instead of searching for something else.
 */
export function readSearchForm(params: URLSearchParams): SearchFormValues {
  const text = (key: keyof typeof paramOf) => params.get(paramOf[key]) ?? '';
  const receiverType = text('receiverType');
  const category = text('category');
  return {
    text: text('text'),
    sender: text('sender'),
    conversation: text('conversation'),
    receiverType: receiverType === 'user' || receiverType === 'group' ? receiverType : '',
    category: z.enum(messageCategoryValues).safeParse(category).data ?? '',
    type: text('type'),
    from: secondsOf(params.get(paramOf.from)),
    to: secondsOf(params.get(paramOf.to)),
    hasAttachments: params.get(paramOf.hasAttachments) === '1',
    hasLinks: params.get(paramOf.hasLinks) === '1',
    hasMentions: params.get(paramOf.hasMentions) === '1',
    hasReactions: params.get(paramOf.hasReactions) === '1',
    onlyDeleted: params.get(paramOf.onlyDeleted) === '1',
  };
}

export function writeSearchForm(form: SearchFormValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(paramOf) as (keyof SearchFormValues)[]) {
    const value = form[key];
    if (key === 'from' || key === 'to') {
      const seconds = fromLocalInput(form[key]);
      if (seconds !== undefined) params.set(paramOf[key], String(seconds));
    } else if (value === true) params.set(paramOf[key], '1');
    else if (typeof value === 'string' && value !== '') params.set(paramOf[key], value);
  }
  return params;
}

/** Whether the URL asks for a search at all (any of the search's parameters). */
export const hasSearchParams = (params: URLSearchParams) =>
  Object.values(paramOf).some((key) => params.has(key));
