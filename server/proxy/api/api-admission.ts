import { can } from '../../../src/api/contract/capabilities';
import { operationLabel, type ChatOperation } from '../../../src/api/contract/operations';
import { paramClasses } from '../../../src/api/contract/param-classes';
import { parseApiTarget } from './api-target';
import { deny } from '../request-audit';
import type { AppContext, Runtime } from '../context';
import type { ConsoleErrorCode } from '../http/errors';
import { crossSiteReadProblem, isSafeMethod, rawTarget } from '../http/guards';
import { matchOperation, undocumentedQuery } from '../../../src/api/contract/match';
import { maxJsonDepth, readJsonBody } from '../http/request-body';
import { requireSession } from '../auth/session-cookie';
import type { SessionInfo } from '../auth/sessions';
import { describeTargets, missingQuery } from './upstream-request';

export interface Admitted {
  session: SessionInfo;
  op: ChatOperation;
  params: Record<string, string>;
  segments: string[];
  query: [string, string][];
  onBehalfOf: string | undefined;
  body: unknown;
}

/**
 * Everything that decides whether an `/api` call may go upstream, in order: target syntax,
 * cross-site read, session and rate limit, catalogue (404/405), role, onBehalfOf, required
 * query, documented query parameters only, body (size, JSON, shape) and body-dependent escalation. Returns the refusal or the parts
 * the upstream request is built from.
 */
export async function admitApiCall(rt: Runtime, c: AppContext): Promise<Response | Admitted> {
  const method = c.req.method;
  const raw = rawTarget(c);
  const target = parseApiTarget(raw);
  if (!target.ok) {
    const notFound = target.status === 404;
    return deny(
      rt,
      c,
      target.status,
      notFound ? 'CONSOLE_NOT_FOUND' : 'CONSOLE_BAD_REQUEST',
      notFound ? 'Not found.' : 'This request path is not accepted.',
      {
        operation: `${method} ${(raw.split('?', 1)[0] ?? '').slice(0, 200)}`,
        detail: `target: ${target.reason}`,
      },
    );
  }
  const readProblem = isSafeMethod(method) ? crossSiteReadProblem(c) : undefined;
  if (readProblem) {
    return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
      detail: readProblem,
    });
  }
  const session = await requireSession(rt, c);
  if (session instanceof Response) return session;

  const match = matchOperation(method, target.segments);
  if (match.kind === 'unknown') {
    return deny(rt, c, 404, 'CONSOLE_NOT_FOUND', 'The console does not offer this operation.', {
      detail: 'not in the allow-list',
    });
  }
  if (match.kind === 'wrong-method') {
    const operation = `${method} ${match.template.replace(/:[a-zA-Z]+\}/g, '}')}`;
    return deny(
      rt,
      c,
      405,
      'CONSOLE_METHOD_NOT_ALLOWED',
      'This method is not allowed here.',
      { operation, detail: 'method not in the allow-list' },
      { allow: match.allow.join(', ') },
    );
  }

  const { op, params } = match;
  const refuse = (
    status: 400 | 403 | 413,
    code: ConsoleErrorCode,
    message: string,
    detail: string,
  ) =>
    deny(rt, c, status, code, message, {
      action: op.name,
      operation: operationLabel(op),
      targets: describeTargets(op, params, target.query, undefined),
      detail,
    });
  if (!can(session.role, op.capability)) {
    return refuse(403, 'CONSOLE_FORBIDDEN', `The ${session.role} role cannot do this.`, 'role');
  }
  const onBehalfOf = op.onBehalfOf ? c.req.header('onbehalfof') : undefined;
  if (op.onBehalfOf === 'required' && (onBehalfOf === undefined || !paramClasses.id(onBehalfOf))) {
    return refuse(
      400,
      'CONSOLE_BAD_REQUEST',
      'Choose the user this is done on behalf of.',
      'onBehalfOf',
    );
  }
  const missing = missingQuery(op, target.query);
  if (missing) {
    return refuse(
      400,
      'CONSOLE_BAD_REQUEST',
      `The query parameter ${missing} is required.`,
      `query ${missing}`,
    );
  }

  const [undocumented] = undocumentedQuery(
    op,
    target.query.map(([name]) => name),
  );
  if (undocumented) {
    return refuse(
      400,
      'CONSOLE_BAD_REQUEST',
      `The chat service does not document the query parameter ${undocumented} here.`,
      `query ${undocumented}`,
    );
  }

  let body: unknown = undefined;
  if (!isSafeMethod(method)) {
    const read = await readJsonBody(c);
    if (read.kind === 'too-large')
      return refuse(
        413,
        'CONSOLE_PAYLOAD_TOO_LARGE',
        'The request body is over 1 MiB.',
        'body too large',
      );
    if (read.kind === 'untyped')
      return refuse(
        403,
        'CONSOLE_CROSS_SITE_REQUEST',
        'A request body must be JSON.',
        'content-type',
      );
    if (read.kind === 'invalid-json')
      return refuse(
        400,
        'CONSOLE_BAD_REQUEST',
        'The request body is not valid JSON.',
        'invalid json',
      );
    if (read.kind === 'too-deep')
      return refuse(
        400,
        'CONSOLE_BAD_REQUEST',
        `The request body nests JSON deeper than ${maxJsonDepth} levels.`,
        'json too deep',
      );
    // Operations that take no body get none upstream, whatever was sent.
    if (read.kind === 'json' && op.body === 'json') body = read.value;
  }
  if (op.bodySchema && !op.bodySchema.safeParse(body ?? {}).success) {
    return refuse(
      400,
      'CONSOLE_BAD_REQUEST',
      'The request body is not accepted for this operation.',
      'body shape',
    );
  }
  if (op.escalation?.when(body) && !can(session.role, op.escalation.capability)) {
    const what = op.escalation.what;
    return refuse(
      403,
      'CONSOLE_FORBIDDEN',
      `The ${session.role} role cannot request ${what}.`,
      `role: ${what}`,
    );
  }
  return { session, op, params, segments: target.segments, query: target.query, onBehalfOf, body };
}
