import { audit, type AuditFields } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import { jsonError } from '../http/errors';
import type { GateRefusal } from './upstream-gate';

/** Seconds a client is asked to wait after a turn that never came (503). */
const waitExpiredRetrySeconds = 5;

type Recorded = Omit<AuditFields, 'outcome' | 'status'>;

/**
 * The answer to a call the upstream gate turned away before anything was sent: 429 when the
 * operator's queue is full, 503 when the turn did not come in time. Writes are audited as denied;
 * reads only show in the request log, like rate-limit refusals.
 */
export async function gateRefusalReply(
  rt: Runtime,
  c: AppContext,
  record: Recorded,
  isWrite: boolean,
  refusal: GateRefusal,
): Promise<Response> {
  const detail = `upstream queue: ${refusal.message}`;
  c.get('log').denied = detail;
  if (refusal.kind === 'aborted') {
    // 499: the browser went away while waiting (nginx's convention); only logs and audit see it.
    if (isWrite) await audit(rt, c, { ...record, status: 499, outcome: 'denied', detail });
    return new Response(null, { status: 499 });
  }
  const busy = refusal.kind === 'queue-full';
  const status = busy ? 429 : 503;
  const retryAfter = busy ? 1 : waitExpiredRetrySeconds;
  if (isWrite) await audit(rt, c, { ...record, status, outcome: 'denied', detail });
  const message = busy
    ? 'Too many of your requests are waiting for the chat service; retry in 1 s.'
    : `Your request waited too long for the chat service; retry in ${retryAfter} s.`;
  return jsonError(c, status, 'CONSOLE_BUSY', message, {
    headers: { 'retry-after': String(retryAfter) },
  });
}
