import { admitApiCall } from './api-admission';
import { operationLabel } from '../../../src/api/contract/operations';
import { audit, type AppContext, type Runtime, type UpstreamAnswer } from '../context';
import { errorBody, type ConsoleErrorCode } from '../http/errors';
import { UpstreamFailure } from './forward';
import { toClientResponse } from './upstream-response';
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

function failureReply(failure: UpstreamFailure): [504 | 502, ConsoleErrorCode, string] {
  if (failure.kind === 'timeout')
    return [504, 'CONSOLE_UPSTREAM_TIMEOUT', 'The chat service did not answer in time.'];
  if (failure.kind === 'too-large')
    return [502, 'CONSOLE_UPSTREAM_BAD_RESPONSE', 'The chat service answered too much.'];
  return [502, 'CONSOLE_UPSTREAM_UNREACHABLE', 'The chat service cannot be reached.'];
}

function notifyObservers(rt: Runtime, answer: UpstreamAnswer): void {
  for (const observe of rt.deps.observers ?? []) {
    try {
      observe(answer);
    } catch (error) {
      rt.deps.logger.error({ reqId: answer.reqId, err: error, operation: answer.operation }, 'answer observer failed');
    }
  }
}

/**
 * `/api/<path>` → `<base>/v3/<path>`: admits the call (see admitApiCall), sends it with the key,
 * filters the answer, and records every write in the audit trail. Writes are never retried.
 */
export function createApiHandler(rt: Runtime) {
  return async (c: AppContext): Promise<Response> => {
    const admitted = await admitApiCall(rt, c);
    if (admitted instanceof Response) return admitted;
    const { op, params, query, body, onBehalfOf } = admitted;
    const upstreamReq = buildUpstreamRequest({
      baseUrl: rt.deps.upstream.baseUrl,
      apiKey: rt.deps.upstream.apiKey,
      op,
      segments: admitted.segments,
      query,
      onBehalfOf,
      body,
      signal: c.req.raw.signal,
    });
    const record = {
      action: op.name,
      operation: operationLabel(op),
      target: describeTargets(op, params, query, body),
      onBehalfOf: onBehalfOf ?? null,
      reason: op.reason ? readReason(c.req.header('x-console-reason')) : null,
    };
    const isWrite = op.method !== 'GET';
    const log = c.get('log');
    log.action = op.name;
    try {
      const upstream = await rt.forward(upstreamReq);
      log.upstreamStatus = upstream.status;
      notifyObservers(rt, {
        operation: record.operation,
        method: op.method,
        params,
        status: upstream.status,
        body: upstream.body,
        operator: admitted.session.username,
        at: rt.now(),
        reqId: c.get('reqId'),
      });
      const res = toClientResponse(
        upstream,
        rt.deps.upstream.apiKey,
        rt.deps.logger,
        c.get('reqId'),
      );
      if (isWrite) {
        audit(rt, c, {
          ...record,
          status: res.status,
          upstreamStatus: upstream.status,
          outcome: res.status < 400 ? 'ok' : 'failed',
          detail: res.replaced ?? null,
        });
      }
      return new Response(res.body, { status: res.status, headers: res.headers });
    } catch (error) {
      const failure =
        error instanceof UpstreamFailure
          ? error
          : new UpstreamFailure('unreachable', String(error));
      const [status, code, message] = failureReply(failure);
      log.upstreamError = failure.message;
      // 499: the browser went away first (nginx's convention); it only shows in logs and audit.
      const recorded = failure.kind === 'aborted' ? 499 : status;
      if (isWrite)
        audit(rt, c, {
          ...record,
          status: recorded,
          outcome: 'failed',
          detail: `upstream ${failure.kind}`,
        });
      return c.json(errorBody(code, message), status);
    }
  };
}
