import { z } from 'zod';
import { dataEnvelope, pageListEnvelope, successSchema, timestampSchema } from './common';

/** A permission value: a string (`allow`, `all` ...), a list of strings, or null (no restriction). */
export const permissionValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);
export type PermissionValue = z.infer<typeof permissionValueSchema>;

/** Flat map from dotted permission key (`sendMessage.allowedMessageTypes`) to value. */
export const permissionMapSchema = z.record(z.string(), permissionValueSchema);
export type PermissionMap = z.infer<typeof permissionMapSchema>;

export const roleSchema = z.object({
  role: z.string(),
  name: z.string(),
  description: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
  /** Effective permissions (catalog defaults merged with the role's own values); `GET /roles/{role}` only. */
  permissions: permissionMapSchema.optional(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleResponseSchema = dataEnvelope(roleSchema);
export const roleListResponseSchema = pageListEnvelope(roleSchema);
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

export const permissionDataTypeValues = ['string', 'stringArray', 'rolesStringArray', 'customStringArray'] as const;

/** One entry of the permission catalog, `GET /roles/{role}/permissions`. */
export const permissionCatalogItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().optional(),
  dataType: z.string(),
  availableValues: z.array(z.string()).nullable().optional(),
  defaultValue: permissionValueSchema.optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
});
export type PermissionCatalogItem = z.infer<typeof permissionCatalogItemSchema>;
export const permissionCatalogResponseSchema = pageListEnvelope(permissionCatalogItemSchema);

export const setPermissionsBodySchema = z.strictObject({
  permissions: permissionMapSchema.refine((map) => Object.keys(map).length > 0, {
    error: 'The permissions field must have at least one key.',
  }),
});
export type SetPermissionsBody = z.infer<typeof setPermissionsBodySchema>;

/** One `{ success, message }` per key written, beside the role's merged `permissions`. */
export const setPermissionsResultSchema = z
  .object({ permissions: permissionMapSchema })
  .catchall(successSchema);
export type SetPermissionsResult = z.infer<typeof setPermissionsResultSchema>;
export const setPermissionsResponseSchema = dataEnvelope(setPermissionsResultSchema);

export const unsetPermissionResponseSchema = dataEnvelope(z.object({ permissions: permissionMapSchema }));
