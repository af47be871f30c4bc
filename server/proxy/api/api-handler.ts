import { admitApiCall, type Admitted } from './api-admission';
import { admitIdempotent } from './idempotency';
import { operationLabel } from '../../../src/api/contract/operations';
import { paramClasses } from '../../../src/api/contract/param-classes';
import type { AppContext, Runtime } from '../context';
import type { UpstreamAnswer } from '../deps';
import { answerResponse, jsonAnswer, type PlainAnswer } from '../http/answer';
import { errorBody } from '../http/errors';
import { auditedWrite, AuditUnavailable, auditUnavailableReply } from '../audit/audited-write';
import { alreadyDecidedReply, checkDecisionConflict, DecidedMeanwhile } from './decision-conflict';
import { failureReply } from './failure-reply';
import { UpstreamFailure, type LeaveSignal, type UpstreamResponse } from './forward';
import { gateRefusalAnswer, gateRefusalReply } from './gate-reply';
import { GateRefusal } from './upstream-gate';
import { toClientResponse, type ClientResponse } from './upstream-response';
import { buildUpstreamRequest, describeTargets } from './upstream-request';

const reasonMax = 500;

/** The operator's free-text reason, sent percent-encoded so any language fits in a header. */
export function readReason(value: string | undefined): string | null {
  if (!value) return null;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not percent-encoded: keep it as sent.
  }
  text = text.replace(/\p{Cc}/gu, ' ').trim();
  return text ? text.slice(0, reasonMax) : null;
}

/** The id of a moderation reason: the service's id characters only, else nothing is recorded. */
export function readReasonId(value: string | undefined): string | null {
  return value && paramClasses.id(value) ? value : null;
}

/** One observer after the other, in their order; each one's failure is logged and passed over. */
async function notifyObservers(rt: Runtime, answer: UpstreamAnswer): Promise<void> {
  for (const observe of rt.deps.observers ?? []) {
    try {
      // Most pass over an answer at once: nothing to wait for.
      const pending = observe(answer);
      if (pending) await pending;
    } catch (error) {
      rt.deps.logger.error(
        { reqId: answer.reqId, err: error, operation: answer.operation },
        'answer observer failed',
      );
    }
  }
}

/**
 * `/api/<path>` → `<base>/v3/<path>`: admits the call (see admitApiCall), honours an
 * `Idempotency-Key` on writes (see admitIdempotent), sends it with the key,
 * filters the answer, and records every write in the audit trail before sending it and again with
 * how it ended (see auditedWrite). Writes are never retried, and never abandoned when the browser
 * leaves: they run to their end (or the forwarder's deadline) so the audit trail can say how.
 */
export function createApiHandler(rt: Runtime) {
  return async (c: AppContext): Promise<Response> => {
    const admitted = await admitApiCall(rt, c);
    if (admitted instanceof Response) return admitted;
    if (admitted.op.method === 'GET') {
      const call = { reqId: c.get('requestId'), log: c.get('log'), signal: c.req.raw.signal };
      return answerResponse(await forwardRead(rt, call, admitted));
    }
    const idempotent = await admitIdempotent(rt, c, admitted);
    if (idempotent instanceof Response) return idempotent;
    const progress = { sent: false };
    const response = await forwardWrite(rt, c, admitted, progress);
    return idempotent ? idempotent.settle(response, progress.sent) : response;
  };
}

/** What a read needs of its request, whether the app or the read path answers it. */
export interface ReadCall {
  reqId: string;
  /** The request's log fields. */
  log: Record<string, unknown>;
  /** Aborted when the browser goes away: the read is abandoned. */
  signal: LeaveSignal | undefined;
}

/** The upstream request of an admitted call. */
const upstreamRequestOf = (rt: Runtime, admitted: Admitted, signal: LeaveSignal | undefined) =>
  buildUpstreamRequest({
    baseUrl: rt.deps.upstream.baseUrl,
    apiKey: rt.deps.upstream.apiKey,
    op: admitted.op,
    segments: admitted.segments,
    query: admitted.query,
    onBehalfOf: admitted.onBehalfOf,
    body: admitted.body,
    signal,
  });

/** Tells the observers of an upstream answer, then filters it for the browser. */
async function observed(
  rt: Runtime,
  admitted: Admitted,
  upstream: UpstreamResponse,
  reqId: string,
): Promise<ClientResponse> {
  await notifyObservers(rt, {
    operation: operationLabel(admitted.op),
    method: admitted.op.method,
    params: admitted.params,
    status: upstream.status,
    body: upstream.body,
    operator: admitted.session.username,
    at: rt.now(),
    reqId,
  });
  return toClientResponse(upstream, rt.deps.upstream.apiKey, rt.deps.logger, reqId);
}

const asFailure = (error: unknown) =>
  error instanceof UpstreamFailure ? error : new UpstreamFailure('interrupted', String(error));

/**
 * Sends an admitted read and answers it, whatever happens: the service's answer filtered, a turn
 * the gate refused, or the console's error for an exchange that failed. Nothing is audited.
 */
export async function forwardRead(
  rt: Runtime,
  call: ReadCall,
  admitted: Admitted,
): Promise<PlainAnswer> {
  const upstreamReq = upstreamRequestOf(rt, admitted, call.signal);
  call.log.action = admitted.op.name;
  try {
    const upstream = await rt.gate.run(admitted.session.username, upstreamReq.signal, () =>
      rt.forward(upstreamReq),
    );
    call.log.upstreamStatus = upstream.status;
    const res = await observed(rt, admitted, upstream, call.reqId);
    return { status: res.status, headers: res.headers, body: res.body };
  } catch (error) {
    if (error instanceof GateRefusal) return gateRefusalAnswer(call.log, error);
    const failure = asFailure(error);
    const [status, code, message, details] = failureReply(failure);
    call.log.upstreamError = failure.message;
    return jsonAnswer(status, errorBody(code, message, details));
  }
}

/**
 * Sends an admitted write and answers it. `progress.sent` ends true when the call reached the
 * service and its answer counts (anything but a 429) or may have been applied.
 */
async function forwardWrite(
  rt: Runtime,
  c: AppContext,
  admitted: Admitted,
  progress: { sent: boolean },
): Promise<Response> {
  const { op, params, query, body, onBehalfOf } = admitted;
  // Never abandoned when the browser leaves (see createApiHandler).
  const upstreamReq = upstreamRequestOf(rt, admitted, undefined);
  const record = {
    action: op.name,
    operation: operationLabel(op),
    targets: describeTargets(op, params, query, body),
    onBehalfOf: onBehalfOf ?? null,
    reason: op.reason ? readReason(c.req.header('x-console-reason')) : null,
    note: op.note ? readReason(c.req.header('x-console-note')) : null,
    reasonId: op.note ? readReasonId(c.req.header('x-console-reason-id')) : null,
  };
  const log = c.get('log');
  log.action = op.name;
  const decision = await checkDecisionConflict(rt, c, admitted, record);
  if (decision instanceof Response) return decision;
  const write = auditedWrite(rt, c, record);
  try {
    // One turn per operator at the gate, so one operator's slow calls cannot hold every connection.
    const upstream = await rt.gate.run(admitted.session.username, upstreamReq.signal, async () => {
      // Audit before acting: the intent row is in the store before a byte goes upstream.
      await write.intend(decision.guard);
      progress.sent = true;
      return rt.forward(upstreamReq);
    });
    log.upstreamStatus = upstream.status;
    // The service refused to look at it: a repeat may try again.
    if (upstream.status === 429) progress.sent = false;
    const res = await observed(rt, admitted, upstream, c.get('requestId'));
    await write.answered(res.status, upstream.status, res.replaced ?? decision.note);
    return new Response(res.body, { status: res.status, headers: res.headers });
  } catch (error) {
    if (error instanceof AuditUnavailable) return auditUnavailableReply(c);
    if (error instanceof DecidedMeanwhile)
      return await alreadyDecidedReply(rt, c, record, error.decided);
    if (error instanceof GateRefusal) return await gateRefusalReply(rt, c, record, error);
    const failure = asFailure(error);
    const [status, code, message, details] = failureReply(failure);
    log.upstreamError = failure.message;
    if (failure.kind === 'unreachable') progress.sent = false;
    // 499: the browser went away first (nginx's convention); it only shows in logs and audit.
    await write.failed(failure, failure.kind === 'aborted' ? 499 : status);
    return c.json(errorBody(code, message, details), status);
  }
}
