import { z } from 'zod';

/** Identifiers the service accepts for uid, guid, role and reason ids: alpha-dash, at most 100 chars. */
export const idSchema = z
  .string()
  .trim()
  .min(1, { error: 'Required' })
  .max(100, { error: 'At most 100 characters' })
  .regex(/^[a-zA-Z0-9_-]+$/, { error: 'Only letters, digits, "_" and "-"' });

/** Unix seconds. */
export const timestampSchema = z.number().int();

export { errorBodySchema, type ErrorBody } from './error-body';

export const pagePaginationSchema = z.object({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type PagePagination = z.infer<typeof pagePaginationSchema>;

export const pageMetaSchema = z.object({ pagination: pagePaginationSchema });

export const cursorSchema = z.object({ affix: z.enum(['append', 'prepend']), id: z.string() });
export type Cursor = z.infer<typeof cursorSchema>;

export const cursorMetaSchema = z.object({
  current: z.object({ limit: z.number().int(), count: z.number().int() }),
  next: cursorSchema.extend({ sentAt: z.number().int().optional() }).optional(),
});
export type CursorMeta = z.infer<typeof cursorMetaSchema>;

/** `{ data: T }`, the success envelope of every operation. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ data: T[], meta: { pagination } }`, page-style lists. */
export const pageListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/** `{ data: T[], meta: { current, next? } }`, cursor-style lists. */
export const cursorListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: cursorMetaSchema });

export const successSchema = z.object({ success: z.boolean(), message: z.string() });

/**
 * `{ success, message }`, wrapped in `data` or not: the documented delete-reason answer has no
 * wrapper, its siblings have one. Read into one shape.
 */
export const successResponseSchema = z.union([
  dataEnvelope(successSchema),
  successSchema.transform((data) => ({ data })),
]);
