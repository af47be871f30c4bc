import { z } from '@/api/zod';
import type { PermissionCatalogItem, PermissionValue } from '@/api/schemas/role';
import { fieldName, type PermissionFormValues } from './form-values';
import { controlKind, type Catalog } from './permission-model';

/** `type/subtype` (RFC 6838 token characters), with `*` allowed as the subtype. */
const mimeTypePattern =
  /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/i;
const roleIdPattern = /^[a-zA-Z0-9_-]{1,100}$/;

export const isMimeKey = (key: string) => /mimetypes$/i.test(key);

/** Why a free-text list entry is refused, or null when it is fine. */
export function tagProblem(key: string, tag: string): string | null {
  if (tag.trim() === '') return 'Enter a value.';
  if (tag !== tag.trim()) return 'Remove the spaces around the value.';
  if (tag.length > 255) return 'At most 255 characters.';
  if (isMimeKey(key) && !mimeTypePattern.test(tag)) {
    return `“${tag}” is not a MIME type: use type/subtype, for example image/png.`;
  }
  return null;
}

/** Input and output are both the wire value: the view model validates, it does not transform. */
type ValueSchema = z.ZodType<PermissionValue, PermissionValue>;

const valueList = (values: readonly string[]) => values.join(', ');

/** Allow-only values: "must be one of …". */
const oneOf = (values: readonly string[]) =>
  z.string().refine((v) => values.includes(v), { error: `Must be one of: ${valueList(values)}.` });

const listOf = (check: (items: string[]) => string | null) =>
  z.array(z.string(), { error: 'Must be a list of strings.' }).superRefine((items, ctx) => {
    const problem =
      check(items) ??
      (new Set(items).size !== items.length ? 'Each value may appear only once.' : null);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The view-model schema of one key, by its data type; `null` ("no restriction") is accepted everywhere. */
export function valueSchemaFor(item: PermissionCatalogItem): ValueSchema {
  const values = item.availableValues ?? [];
  switch (controlKind(item)) {
    case 'switch':
      return oneOf(values.length > 0 ? values : ['allow', 'deny']).nullable();
    case 'select':
      return oneOf(values).nullable();
    case 'text':
      return z.string({ error: 'Must be a string.' }).nullable();
    case 'checkboxes':
      return listOf((items) => {
        const unknown = items.filter((v) => !values.includes(v));
        return unknown.length
          ? `Not allowed: ${valueList(unknown)}. Choose from: ${valueList(values)}.`
          : null;
      }).nullable();
    case 'roles':
      return listOf((items) => {
        const bad = items.filter((v) => !roleIdPattern.test(v));
        return bad.length ? `Not a role id: ${valueList(bad)}.` : null;
      }).nullable();
    case 'tags':
      return listOf(
        (items) => items.map((tag) => tagProblem(item.id, tag)).find((p) => p !== null) ?? null,
      ).nullable();
  }
}

/** A key the catalog does not know: the service accepts a string or a list of strings. */
export const otherValueSchema: ValueSchema = z.union([z.string(), z.array(z.string()), z.null()], {
  error: 'Must be a string, a list of strings or null.',
});

/** The editor's form schema: one entry per catalog key, any other key as a string or list. */
export function buildFormSchema(
  catalog: Catalog,
): z.ZodType<PermissionFormValues, PermissionFormValues> {
  const shape: Record<string, ValueSchema> = {};
  for (const item of catalog) shape[fieldName(item.id)] = valueSchemaFor(item);
  return z.object({ map: z.object(shape).catchall(otherValueSchema) });
}
