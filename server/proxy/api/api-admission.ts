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
  segments: readonly string[];
  query: readonly [string, string][];
  onBehalfOf: string | undefined;
  body: unknown;
}

/** Why a call to a known operation is refused, before its audit row and answer are made. */
interface Refusal {
  status: 400 | 403 | 413;
  code: ConsoleErrorCode;
  message: string;
  detail: string;
}

const badRequest = (message: string, detail: string): Refusal => ({
  status: 400,
  code: 'CONSOLE_BAD_REQUEST',
  message,
  detail,
});

/**
 * Everything that decides whether an `/api` call may go upstream, in order: target syntax,
 * cross-site read, session and rate limit, catalogue (404/405), role, onBehalfOf, required
 * query, documented query parameters only, body (size, JSON, shape) and body-dependent
 * escalation. Returns the refusal or the parts the upstream request is built from.
 */
export async function admitApiCall(rt: Runtime, c: AppContext): Promise<Response | Admitted> {
  const found = await findOperation(rt, c);
  if (found instanceof Response) return found;
  const { session, op, params, target } = found;
  const onBehalfOf = op.onBehalfOf ? c.req.header('onbehalfof') : undefined;
  let refusal = callRefusal(session, op, onBehalfOf, target.query);
  let body: unknown = undefined;
  if (!refusal && !isSafeMethod(c.req.method)) {
    const read = await readOperationBody(c, op);
    if ('refusal' in read) refusal = read.refusal;
    else body = read.body;
  }
  refusal ??= bodyRefusal(session, op, body);
  if (refusal) {
    return deny(rt, c, refusal.status, refusal.code, refusal.message, {
      action: op.name,
      operation: operationLabel(op),
      targets: describeTargets(op, params, target.query, undefined),
      detail: refusal.detail,
    });
  }
  return { session, op, params, segments: target.segments, query: target.query, onBehalfOf, body };
}

/** The target's syntax, a cross-site read, the session and its rate, and the catalogue entry. */
async function findOperation(rt: Runtime, c: AppContext) {
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
  return { session, op: match.op, params: match.params, target };
}

/** The role, the user acted for, and the query: required parameters, documented ones only. */
export function callRefusal(
  session: SessionInfo,
  op: ChatOperation,
  onBehalfOf: string | undefined,
  query: readonly [string, string][],
): Refusal | undefined {
  if (!can(session.role, op.capability)) {
    const message = `The ${session.role} role cannot do this.`;
    return { status: 403, code: 'CONSOLE_FORBIDDEN', message, detail: 'role' };
  }
  if (op.onBehalfOf === 'required' && (onBehalfOf === undefined || !paramClasses.id(onBehalfOf)))
    return badRequest('Choose the user this is done on behalf of.', 'onBehalfOf');
  const missing = missingQuery(op, query);
  if (missing) return badRequest(`The query parameter ${missing} is required.`, `query ${missing}`);
  const [undocumented] = undocumentedQuery(
    op,
    query.map(([name]) => name),
  );
  if (undocumented) {
    return badRequest(
      `The chat service does not document the query parameter ${undocumented} here.`,
      `query ${undocumented}`,
    );
  }
  return undefined;
}

/** The JSON body of a state-changing call; operations that take none get none upstream. */
async function readOperationBody(
  c: AppContext,
  op: ChatOperation,
): Promise<{ body: unknown } | { refusal: Refusal }> {
  const read = await readJsonBody(c);
  switch (read.kind) {
    case 'too-large': {
      const message = 'The request body is over 1 MiB.';
      return {
        refusal: {
          status: 413,
          code: 'CONSOLE_PAYLOAD_TOO_LARGE',
          message,
          detail: 'body too large',
        },
      };
    }
    case 'untyped': {
      const message = 'A request body must be JSON.';
      return {
        refusal: {
          status: 403,
          code: 'CONSOLE_CROSS_SITE_REQUEST',
          message,
          detail: 'content-type',
        },
      };
    }
    case 'invalid-json':
      return { refusal: badRequest('The request body is not valid JSON.', 'invalid json') };
    case 'too-deep': {
      const message = `The request body nests JSON deeper than ${maxJsonDepth} levels.`;
      return { refusal: badRequest(message, 'json too deep') };
    }
    default:
      return { body: read.kind === 'json' && op.body === 'json' ? read.value : undefined };
  }
}

/** The body's shape, and what it asks for beyond the role (escalation). */
export function bodyRefusal(
  session: SessionInfo,
  op: ChatOperation,
  body: unknown,
): Refusal | undefined {
  if (op.bodySchema && !op.bodySchema.safeParse(body ?? {}).success)
    return badRequest('The request body is not accepted for this operation.', 'body shape');
  if (op.escalation?.when(body) && !can(session.role, op.escalation.capability)) {
    const what = op.escalation.what;
    const message = `The ${session.role} role cannot request ${what}.`;
    return { status: 403, code: 'CONSOLE_FORBIDDEN', message, detail: `role: ${what}` };
  }
  return undefined;
}
