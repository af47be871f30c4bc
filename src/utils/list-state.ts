import { z } from '@/api/zod';

/** What one query-string parameter of a list reads as. */
export type ListValue = string | number | undefined;

/**
 * A list's URL parameters: each key is the query-string name, each field reads that one value (a string,
 * or undefined when absent) and gives its default for anything else, with `.catch(default)`.
 */
export type ListSchema = z.ZodObject<Record<string, z.ZodType<ListValue>>>;
export type ListState<S extends ListSchema> = z.output<S>;

/** The page number of a paged list: a whole number from 1, else 1. */
export const pageParam = z.coerce.number().int().min(1).catch(1);

/** The page sizes a list offers unless it says otherwise; the first is the default. */
export const pageSizes = [25, 50, 100] as const;

/** The page size of a paged list: one of `sizes`, else `fallback`. */
export const perPageParam = (sizes: readonly number[] = pageSizes, fallback = 25) =>
  z.coerce
    .number()
    .refine((n) => sizes.includes(n))
    .catch(fallback);

/**
 * Free text of a filter, trimmed and kept as written: whether it can be used is the list's filter rules'
 * call (`filter-rules.ts`), so a value they refuse shows as an error instead of reading as no filter.
 */
export const textParam = () => z.string().trim().catch('');

/** Reads a list's state from the URL; a malformed or missing value falls back to its default, never throws. */
export function parseListState<S extends ListSchema>(
  schema: S,
  params: URLSearchParams,
): ListState<S> {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) raw[key] = params.get(key) ?? undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A field without `.catch` still never fails the page: it reads as if its parameter were absent.
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string') raw[key] = undefined;
  }
  return schema.parse(raw);
}

/** The state of a bare URL: every default. */
export function listDefaults<S extends ListSchema>(schema: S): ListState<S> {
  return parseListState(schema, new URLSearchParams());
}

/**
 * Writes a list's state into the URL: parameters of other owners in `base` (a tab, another list) stay
 * first and untouched, then the list's own in the schema's order, each as its field reads it back
 * (trimmed, lower-cased… as the schema says), leaving out every default so a plain list keeps a plain URL.
 */
export function writeListState<S extends ListSchema>(
  schema: S,
  state: ListState<S>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const keys = Object.keys(schema.shape);
  const defaults: Record<string, unknown> = listDefaults(schema);
  const values: Record<string, unknown> = state;
  const next = new URLSearchParams();
  for (const [key, value] of base) if (!keys.includes(key)) next.append(key, value);
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = values[key];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const read = field.safeParse(String(value)).data;
    if (read !== undefined && read !== defaults[key]) next.set(key, String(read));
  }
  return next;
}

/**
 * The state after a change: a change of anything but the page (a filter, the page size) starts again
 * on the first page, so nobody lands on page 7 of a list that now has two.
 */
export function changeListState<S extends ListSchema>(
  schema: S,
  current: ListState<S>,
  change: Partial<ListState<S>>,
): ListState<S> {
  const defaults: Record<string, unknown> = listDefaults(schema);
  const firstPage = 'page' in schema.shape && !('page' in change) ? { page: defaults.page } : {};
  return { ...current, ...change, ...firstPage };
}
