import { request } from './http';
import { reportedPermissionsResponseSchema } from './schemas/reported-permissions';

/**
 * The role's permission map as last reported by the service to the console (the answer of a permission
 * write), or `null` when no write of this role went through the console yet. The service has no read of
 * the role's current map.
 */
export const getReportedPermissions = async (role: string, signal?: AbortSignal) =>
  (
    await request(
      `/console/roles/${encodeURIComponent(role)}/reported-permissions`,
      reportedPermissionsResponseSchema,
      {
        signal,
      },
    )
  ).data;
