import { errorBody, type ConsoleErrorCode } from './http/errors';
import { isPageNavigation, refusalPage } from './http/refusal-page';
import { recordAudit, type AuditRecord } from './audit/audit-log';
import { recordDenial } from './audit/record-denial';
import type { AppContext, Runtime } from './context';

export type AuditFields = Pick<AuditRecord, 'action' | 'operation' | 'outcome' | 'status'> &
  Partial<Omit<AuditRecord, 'action' | 'operation' | 'outcome' | 'status'>>;

/** An audit row for this request, with who, when and how long filled in from the context. */
export function auditRecordOf(rt: Runtime, c: AppContext, fields: AuditFields): AuditRecord {
  const session = c.get('session');
  const now = rt.now();
  return {
    at: now,
    requestId: c.get('requestId'),
    operator: session?.username ?? null,
    role: session?.role ?? null,
    targets: {},
    onBehalfOf: null,
    reason: null,
    upstreamStatus: null,
    detail: null,
    durationMs: now - c.get('started'),
    ...fields,
  };
}

/**
 * Writes one audit row for this request, awaited so the row is in before the answer goes out; a
 * failure is logged (never thrown), the response still goes out.
 */
export async function audit(rt: Runtime, c: AppContext, fields: AuditFields): Promise<void> {
  try {
    await recordAudit(rt.deps.store, auditRecordOf(rt, c, fields));
  } catch (error) {
    // The response still goes out; the failure is loud in the log for the operators to act on.
    rt.deps.logger.error({ reqId: c.get('requestId'), err: error }, 'audit write failed');
  }
}

/**
 * A refusal: audited as denied (identical unauthenticated ones coalesced, see recordDenial),
 * answered with the error envelope, or with a designed page when a browser opened the address.
 */
export async function deny(
  rt: Runtime,
  c: AppContext,
  status: 400 | 401 | 403 | 404 | 405 | 413 | 421 | 422 | 429,
  code: ConsoleErrorCode,
  message: string,
  fields: Partial<AuditFields> & { detail: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const method = c.req.method;
  const row = auditRecordOf(rt, c, {
    action: 'request.denied',
    operation: `${method} ${c.req.path}`,
    ...fields,
    outcome: 'denied',
    status,
  });
  try {
    await recordDenial(rt, c, row, code);
  } catch (error) {
    rt.deps.logger.error({ reqId: c.get('requestId'), err: error }, 'audit write failed');
  }
  c.get('log').denied = fields.detail;
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (isPageNavigation(c)) return refusalPage(c, status, code);
  return c.json(errorBody(code, message), status);
}
