import { audit, type AuditFields } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import { answerResponse, jsonAnswer, type PlainAnswer } from '../http/answer';
import { errorBody } from '../http/errors';
import type { GateRefusal } from './upstream-gate';

/** Seconds a client is asked to wait after a turn that never came (503). */
const waitExpiredRetrySeconds = 5;

type Recorded = Omit<AuditFields, 'outcome' | 'status'>;

/**
 * The answer to a call the upstream gate turned away before anything was sent: 429 when the
 * operator's queue is full, 503 when the turn did not come in time, 499 when the browser went away
 * while waiting (nginx's convention; only logs and audit see it). Reads only show in the request
 * log (`log.denied`), like rate-limit refusals; writes are audited too (gateRefusalReply).
 */
export function gateRefusalAnswer(log: Record<string, unknown>, refusal: GateRefusal): PlainAnswer {
  log.denied = gateDetail(refusal);
  if (refusal.kind === 'aborted') return { status: 499, headers: {}, body: null };
  const busy = refusal.kind === 'queue-full';
  const retryAfter = busy ? 1 : waitExpiredRetrySeconds;
  const message = busy
    ? 'Too many of your requests are waiting for the chat service; retry in 1 s.'
    : `Your request waited too long for the chat service; retry in ${retryAfter} s.`;
  return jsonAnswer(busy ? 429 : 503, errorBody('CONSOLE_BUSY', message), {
    'retry-after': String(retryAfter),
  });
}

const gateDetail = (refusal: GateRefusal) => `upstream queue: ${refusal.message}`;

/** A write the upstream gate turned away: audited as denied, answered as gateRefusalAnswer. */
export async function gateRefusalReply(
  rt: Runtime,
  c: AppContext,
  record: Recorded,
  refusal: GateRefusal,
): Promise<Response> {
  const answer = gateRefusalAnswer(c.get('log'), refusal);
  const detail = gateDetail(refusal);
  await audit(rt, c, { ...record, status: answer.status, outcome: 'denied', detail });
  return answerResponse(answer);
}
