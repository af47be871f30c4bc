import type { Logger } from 'pino';
import { z } from 'zod';
import type { ReportedPermissions } from '../../../src/api/schemas/reported-permissions';
import { permissionMapSchema, type PermissionMap } from '../../../src/api/schemas/role';
import type { AnswerObserver, UpstreamAnswer } from '../deps';
import type { ConsoleStore } from '../store/store';

/** One permission map as the service reported it, and the call whose answer carried it. */
export interface PermissionReport {
  role: string;
  permissions: PermissionMap;
  reportedAt: number;
  reportedBy: string;
  operation: 'PUT' | 'DELETE';
  requestId: string;
}

/** Keeps a report; earlier reports of the role stay as its history. */
export async function recordReportedPermissions(
  store: ConsoleStore,
  report: PermissionReport,
): Promise<void> {
  await store.db
    .insertInto('reported_permissions')
    .values({
      role: report.role,
      permissions: JSON.stringify(report.permissions),
      reported_at: report.reportedAt,
      reported_by: report.reportedBy,
      operation: report.operation,
      request_id: report.requestId,
    })
    .execute();
}

const rowSchema = z.object({
  role: z.string(),
  permissions: z.string().transform((text, ctx) => {
    try {
      return permissionMapSchema.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'stored map is not a permission map' });
      return z.NEVER;
    }
  }),
  reported_at: z.number().int(),
  reported_by: z.string(),
});

/** The role's latest report (the last one recorded wins a tie), or null when none was seen. */
export async function latestReportedPermissions(
  store: ConsoleStore,
  role: string,
): Promise<ReportedPermissions | null> {
  const row = await store.db
    .selectFrom('reported_permissions')
    .select(['role', 'permissions', 'reported_at', 'reported_by'])
    .where('role', '=', role)
    .orderBy('reported_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  const parsed = rowSchema.parse(row);
  return {
    role: parsed.role,
    permissions: parsed.permissions,
    reportedAt: parsed.reported_at,
    reportedBy: parsed.reported_by,
  };
}

/** The operations whose answer holds the role's whole map (`data.permissions`), by method. */
const reportingOperations = new Map<string, 'PUT' | 'DELETE'>([
  ['PUT /roles/{role}/permissions', 'PUT'],
  ['DELETE /roles/{role}/permissions/{permission}', 'DELETE'],
]);

const answerSchema = z.object({
  data: z.object({ permissions: z.record(z.string(), z.unknown()) }),
});

/**
 * Records the map in every 2xx answer of a permission write, for the role the call named, with when
 * and by whom. The service has no other read of a role's map (docs/decisions/0009).
 */
export function createReportedPermissionsObserver(
  store: ConsoleStore,
  logger: Pick<Logger, 'debug' | 'warn'>,
): AnswerObserver {
  // Any other answer is passed over at once, without a promise.
  return (answer: UpstreamAnswer) => {
    const operation = reportingOperations.get(answer.operation);
    const role = answer.params.role;
    if (!operation || !role || answer.status < 200 || answer.status > 299) return undefined;
    return record(answer, operation, role);
  };

  async function record(answer: UpstreamAnswer, operation: 'PUT' | 'DELETE', role: string) {
    const context = { reqId: answer.reqId, operation: answer.operation, role };
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(answer.body));
    } catch {
      json = undefined;
    }
    const shaped = answerSchema.safeParse(json);
    if (!shaped.success) {
      logger.debug(context, 'permission answer without data.permissions: nothing recorded');
      return;
    }
    const map = permissionMapSchema.safeParse(shaped.data.data.permissions);
    if (!map.success) {
      // A partial map would read as "every other key at its default": record nothing rather than that.
      logger.warn(
        { ...context, problem: map.error.issues[0]?.message },
        'permission answer with an unreadable map: nothing recorded',
      );
      return;
    }
    await recordReportedPermissions(store, {
      role,
      permissions: map.data,
      reportedAt: answer.at,
      reportedBy: answer.operator,
      operation,
      requestId: answer.reqId,
    });
  }
}
