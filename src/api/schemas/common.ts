import { z } from '../zod';

/** Identifiers the service accepts for uid, guid, role and reason ids: alpha-dash, at most 100 chars. */
export const idSchema = z
  .string()
  .trim()
  .min(1, { error: 'Required' })
  .max(100, { error: 'At most 100 characters' })
  .regex(/^[a-zA-Z0-9_-]+$/, { error: 'Only letters, digits, "_" and "-"' });

/** Unix seconds; some answers send them as strings of digits (the reasons list), read as numbers. */
export const timestampSchema = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/** An optional field of an answer: absent or `null`, both read as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/** Free-form JSON the console only shows (metadata, settings): anything, `[]` for an empty object included. */
export const freeJsonSchema = z.optional(z.unknown());

export { errorBodySchema, type ErrorBody } from './error-body';

export const pagePaginationSchema = z.looseObject({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type PagePagination = z.infer<typeof pagePaginationSchema>;

export const pageMetaSchema = z.looseObject({ pagination: pagePaginationSchema });

/**
 * The total of a page-style list, never fewer than the rows this page shows: the service's
 * `meta.pagination` can disagree with its own rows (banned users: `total: 0` beside five rows).
 */
export function listedTotal(
  list: {
    data: readonly unknown[];
    unsupported: readonly unknown[];
    meta: { pagination: PagePagination };
  },
  page: number,
  perPage: number,
): number {
  return Math.max(
    list.meta.pagination.total,
    (page - 1) * perPage + list.data.length + list.unsupported.length,
  );
}

export const cursorSchema = z.object({ affix: z.enum(['append', 'prepend']), id: z.string() });
export type Cursor = z.infer<typeof cursorSchema>;

export const cursorMetaSchema = z.looseObject({
  current: z.looseObject({ limit: z.number().int(), count: z.number().int() }),
  next: optional(cursorSchema.extend({ sentAt: optional(timestampSchema) })),
});
export type CursorMeta = z.infer<typeof cursorMetaSchema>;

/** `{ data: T }`, the success envelope of every operation. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** A list item the console could not read: shown as an "unsupported item" row, never dropped silently. */
export interface UnsupportedItem {
  /** Position in the answer's `data`. */
  index: number;
  id: string | undefined;
  /** `category/type` (or the item's kind) when the item names one. */
  kind: string | undefined;
  /** The first thing that did not fit, e.g. `data.entities.on: Invalid input`. */
  problem: string;
  raw: unknown;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

function describeUnsupported(
  raw: unknown,
  index: number,
  issues: readonly z.core.$ZodIssue[],
): UnsupportedItem {
  const nested = field(raw, 'message');
  const source = typeof nested === 'object' && nested !== null ? nested : raw;
  const id = ['id', 'uid', 'guid', 'role'].map((key) => text(field(source, key))).find(Boolean);
  const kind =
    [text(field(source, 'category')), text(field(source, 'type'))].filter(Boolean).join('/') ||
    undefined;
  const issue = issues[0];
  const problem = issue
    ? `${issue.path.map(String).join('.') || 'item'}: ${issue.message}`
    : 'not readable';
  return { index, id, kind, problem, raw };
}

/**
 * Reads list items one by one: those that parse are `data`, the others `unsupported`, so one odd
 * item never fails the page.
 */
export const lenientItems = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((raws) => {
    const data: z.output<T>[] = [];
    const unsupported: UnsupportedItem[] = [];
    raws.forEach((raw, index) => {
      const parsed = item.safeParse(raw);
      if (parsed.success) data.push(parsed.data);
      else unsupported.push(describeUnsupported(raw, index, parsed.error.issues));
    });
    return { data, unsupported };
  });

/** `{ data: T[], meta: { pagination } }`, page-style lists: envelope and meta strict, items one by one. */
export const pageListEnvelope = <T extends z.ZodType>(item: T) =>
  z
    .object({ data: lenientItems(item), meta: pageMetaSchema })
    .transform(({ data, meta }) => ({ data: data.data, unsupported: data.unsupported, meta }));

/** `{ data: T[], meta: { current, next? } }`, cursor-style lists: envelope and meta strict, items one by one. */
export const cursorListEnvelope = <T extends z.ZodType>(item: T) =>
  z
    .object({ data: lenientItems(item), meta: cursorMetaSchema })
    .transform(({ data, meta }) => ({ data: data.data, unsupported: data.unsupported, meta }));

export const successSchema = z.looseObject({
  success: optional(z.boolean()),
  message: optional(z.string()),
});

/**
 * `{ success, message }`, wrapped in `data` or not: the documented delete-reason answer has no
 * wrapper, its siblings have one. Read into one shape.
 */
export const successResponseSchema = z.union([
  dataEnvelope(successSchema),
  successSchema.transform((data) => ({ data })),
]);
