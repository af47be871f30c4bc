import { z } from '../zod';
import { permissionMapSchema } from './role';

/**
 * A role's permission map as the chat service last reported it, in the answer of
 * `PUT /roles/{role}/permissions` or `DELETE /roles/{role}/permissions/{permission}` (the only
 * operations that return the map). Recorded by the console server: `reportedAt` in ms, `reportedBy`
 * the operator whose call drew the answer.
 */
export const reportedPermissionsSchema = z.object({
  role: z.string(),
  permissions: permissionMapSchema,
  reportedAt: z.number().int(),
  reportedBy: z.string(),
});
export type ReportedPermissions = z.infer<typeof reportedPermissionsSchema>;

/** `GET /console/roles/{role}/reported-permissions`: the latest report, or `null` when none was seen. */
export const reportedPermissionsResponseSchema = z.object({
  data: reportedPermissionsSchema.nullable(),
});
export type ReportedPermissionsResponse = z.infer<typeof reportedPermissionsResponseSchema>;

/** A role id in the console's path: the service's alpha-dash ids, at most 100 characters, taken as given. */
export const reportedRoleIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'A role id is 1 to 100 letters, digits, "_" or "-".' });
