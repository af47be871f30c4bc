import { parseApiTarget } from './api-target';
import { audit, deny, type AppContext, type Runtime } from './context';
import { errorBody } from './errors';
import { UpstreamFailure } from './forward';
import { isSafeMethod, rawTarget } from './guards';
import { matchOperation, operationName } from './match';
import { readJsonBody } from './request-body';
import { authenticate } from './session-cookie';
import { toClientResponse } from './upstream-response';
import { buildUpstreamRequest, describeTargets, missingQuery } from './upstream-request';
import { paramClasses } from './allow-list';

const reasonMax = 500;

/** The operator's free-text reason, sent percent-encoded so any language fits in a header. */
function readReason(value: string | undefined): string | null {
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

/**
 * `/api/<path>` → `<base>/v3/<path>`, only for allow-listed operations, in this order: target
 * syntax, session, rate limit, allow-list, role, headers and query, body; then forward with the key.
 * Nothing reaches the upstream unless every step passed.
 */
export function createApiHandler(rt: Runtime) {
  return async (c: AppContext): Promise<Response> => {
    const method = c.req.method;
    const raw = rawTarget(c);
    const rawPath = raw.split('?', 1)[0] ?? '';
    const target = parseApiTarget(raw);
    if (!target.ok) {
      authenticate(rt, c);
      return deny(rt, c, 400, 'CONSOLE_BAD_REQUEST', 'This request path is not accepted.', {
        operation: `${method} ${rawPath.slice(0, 200)}`,
        detail: `target: ${target.reason}`,
      });
    }
    const session = authenticate(rt, c);
    if (!session) {
      return deny(rt, c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.', { detail: 'no session' });
    }
    const wait = rt.limiter.take(session.tokenHash, rt.now());
    if (wait !== undefined) {
      c.header('retry-after', String(wait));
      return c.json(errorBody('CONSOLE_RATE_LIMITED', `Too many requests; retry in ${wait} s.`), 429);
    }
    const match = matchOperation(method, target.segments);
    if (match.kind === 'unknown') {
      return deny(rt, c, 404, 'CONSOLE_NOT_FOUND', 'The console does not offer this operation.', {
        detail: 'not in the allow-list',
      });
    }
    if (match.kind === 'wrong-method') {
      return deny(rt, c, 405, 'CONSOLE_METHOD_NOT_ALLOWED', 'This method is not allowed here.',
        { detail: 'method not in the allow-list', operation: `${method} ${match.template.replace(/:[a-zA-Z]+\}/g, '}')}` },
        { allow: match.allow.join(', ') });
    }
    const { op, params } = match;
    const operation = operationName(op);
    const target_ = describeTargets(op, params, target.query, undefined);
    const refuse = (status: 400 | 403 | 413, code: 'CONSOLE_BAD_REQUEST' | 'CONSOLE_FORBIDDEN' | 'CONSOLE_PAYLOAD_TOO_LARGE' | 'CONSOLE_CROSS_SITE_REQUEST', message: string, detail: string) =>
      deny(rt, c, status, code, message, { action: op.action, operation, target: target_, detail });
    if (!op.roles.includes(session.role)) {
      return refuse(403, 'CONSOLE_FORBIDDEN', `The ${session.role} role cannot do this.`, 'role');
    }
    const onBehalfOf = c.req.header('onbehalfof');
    if (op.onBehalfOf === 'required' && (onBehalfOf === undefined || !paramClasses.id(onBehalfOf))) {
      return refuse(400, 'CONSOLE_BAD_REQUEST', 'Choose the user this is done on behalf of.', 'onBehalfOf');
    }
    const missing = missingQuery(op, target.query);
    if (missing) return refuse(400, 'CONSOLE_BAD_REQUEST', `The query parameter ${missing} is required.`, `query ${missing}`);
    let body: unknown = undefined;
    if (!isSafeMethod(method)) {
      const read = await readJsonBody(c);
      if (read.kind === 'too-large') return refuse(413, 'CONSOLE_PAYLOAD_TOO_LARGE', 'The request body is over 1 MiB.', 'body too large');
      if (read.kind === 'untyped') return refuse(403, 'CONSOLE_CROSS_SITE_REQUEST', 'A request body must be JSON.', 'content-type');
      if (read.kind === 'invalid-json') return refuse(400, 'CONSOLE_BAD_REQUEST', 'The request body is not valid JSON.', 'invalid json');
      if (read.kind === 'json' && op.body === 'json') body = read.value;
    }
    if (op.bodySchema && !op.bodySchema.safeParse(body ?? {}).success) {
      return refuse(400, 'CONSOLE_BAD_REQUEST', 'The request body is not accepted for this operation.', 'body shape');
    }
    if (op.escalation?.when(body) && !op.escalation.roles.includes(session.role)) {
      return refuse(403, 'CONSOLE_FORBIDDEN', `The ${session.role} role cannot request ${op.escalation.what}.`, `role: ${op.escalation.what}`);
    }
    const upstreamReq = buildUpstreamRequest({
      baseUrl: rt.deps.upstream.baseUrl,
      apiKey: rt.deps.upstream.apiKey,
      op,
      segments: target.segments,
      query: target.query,
      onBehalfOf: op.onBehalfOf ? onBehalfOf : undefined,
      body,
      signal: c.req.raw.signal,
    });
    const record = {
      action: op.action,
      operation,
      target: describeTargets(op, params, target.query, body),
      onBehalfOf: op.onBehalfOf ? (onBehalfOf ?? null) : null,
      reason: op.reason ? readReason(c.req.header('x-console-reason')) : null,
    };
    const log = c.get('log');
    log.action = op.action;
    try {
      const upstream = await rt.forward(upstreamReq);
      const res = toClientResponse(upstream, rt.deps.upstream.apiKey, rt.deps.logger, c.get('reqId'));
      log.upstreamStatus = upstream.status;
      if (op.method !== 'GET') {
        audit(rt, c, {
          ...record,
          status: res.status,
          upstreamStatus: upstream.status,
          outcome: res.status < 400 ? 'ok' : 'failed',
          detail: res.replaced ?? null,
        });
      }
      return new Response(typeof res.body === 'string' ? res.body : new Uint8Array(res.body), { status: res.status, headers: res.headers });
    } catch (error) {
      const failure = error instanceof UpstreamFailure ? error : new UpstreamFailure('unreachable', String(error));
      const [status, code, message] =
        failure.kind === 'timeout'
          ? ([504, 'CONSOLE_UPSTREAM_TIMEOUT', 'The chat service did not answer in time.'] as const)
          : ([502, failure.kind === 'too-large' ? 'CONSOLE_UPSTREAM_BAD_RESPONSE' : 'CONSOLE_UPSTREAM_UNREACHABLE', 'The chat service cannot be reached.'] as const);
      const finalStatus = failure.kind === 'aborted' ? 499 : status;
      log.upstreamError = failure.message;
      if (op.method !== 'GET') audit(rt, c, { ...record, status: finalStatus, outcome: 'failed', detail: `upstream ${failure.kind}` });
      return c.json(errorBody(code, message), status);
    }
  };
}
