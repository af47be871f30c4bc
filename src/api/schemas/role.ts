import { z } from '../zod';
import {
  dataEnvelope,
  freeJsonSchema,
  optional,
  pageListEnvelope,
  timestampSchema,
} from './common';

/** A permission value: a string (`allow`, `all` ...), a list of strings, or null (no restriction). */
export const permissionValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);
export type PermissionValue = z.infer<typeof permissionValueSchema>;

/** Flat map from dotted permission key (`sendMessage.allowedMessageTypes`) to value. */
export const permissionMapSchema = z.record(z.string(), permissionValueSchema);
export type PermissionMap = z.infer<typeof permissionMapSchema>;

/** A role as documented: no permissions member (the map is reported by permission writes only). */
export const roleSchema = z.looseObject({
  role: z.string(),
  name: z.string(),
  description: optional(z.string()),
  metadata: freeJsonSchema,
  settings: freeJsonSchema,
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleResponseSchema = dataEnvelope(roleSchema);
export const roleListResponseSchema = pageListEnvelope(roleSchema);
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

export const permissionDataTypeValues = [
  'string',
  'stringArray',
  'rolesStringArray',
  'customStringArray',
] as const;

/** One entry of the permission catalog, `GET /roles/{role}/permissions`. */
export const permissionCatalogItemSchema = z.looseObject({
  id: z.string(),
  type: optional(z.string()),
  title: z.string(),
  description: optional(z.string()),
  dataType: z.string(),
  availableValues: optional(z.array(z.string())),
  defaultValue: permissionValueSchema.optional(),
  createdAt: optional(timestampSchema),
  updatedAt: optional(timestampSchema),
});
export type PermissionCatalogItem = z.infer<typeof permissionCatalogItemSchema>;
export const permissionCatalogResponseSchema = pageListEnvelope(permissionCatalogItemSchema);

export const setPermissionsBodySchema = z.strictObject({
  permissions: permissionMapSchema.refine((map) => Object.keys(map).length > 0, {
    error: 'The permissions field must have at least one key.',
  }),
});
export type SetPermissionsBody = z.infer<typeof setPermissionsBodySchema>;

/**
 * A permission map as the service reports it: entries whose value is not a permission value (a type
 * this console does not know) are left out, so they show as unknown rather than failing the answer.
 */
export const reportedPermissionMapSchema = z.record(z.string(), z.unknown()).transform((map) => {
  const known: PermissionMap = {};
  for (const [key, value] of Object.entries(map)) {
    const parsed = permissionValueSchema.safeParse(value);
    if (parsed.success) known[key] = parsed.data;
  }
  return known;
});

/** One `{ success, message }` per key written, beside the role's merged `permissions` (the full map). */
export const setPermissionsResultSchema = z.looseObject({
  permissions: reportedPermissionMapSchema,
});
export type SetPermissionsResult = z.infer<typeof setPermissionsResultSchema>;
export const setPermissionsResponseSchema = dataEnvelope(setPermissionsResultSchema);

export const unsetPermissionResponseSchema = dataEnvelope(
  z.looseObject({ permissions: reportedPermissionMapSchema }),
);
