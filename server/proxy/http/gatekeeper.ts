import { createMiddleware } from 'hono/factory';
import { deny } from '../request-audit';
import type { AppEnv, Runtime } from '../context';
import { errorBody } from './errors';
import { isPageNavigation, refusalPage } from './refusal-page';
import {
  basicTargetProblem,
  crossSiteProblem,
  isSafeMethod,
  knownMethods,
  normaliseHost,
  rawTarget,
} from './guards';
import { readJsonBody } from './request-body';

/**
 * The checks every request passes before any route sees it, in order: shutdown (503), `Host`
 * allow-list (421, DNS rebinding), raw target (400), method (405), and for state-changing methods
 * the cross-site checks (403), including a body sent with no content type at all.
 */
export function gatekeeper(rt: Runtime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (rt.deps.isClosing?.()) {
      c.header('connection', 'close');
      if (isPageNavigation(c)) return refusalPage(c, 503, 'CONSOLE_SHUTTING_DOWN');
      return c.json(
        errorBody('CONSOLE_SHUTTING_DOWN', 'The console server is shutting down.'),
        503,
      );
    }
    const host = normaliseHost(c.req.header('host') ?? '');
    if (!rt.hosts.has(host)) {
      return deny(rt, c, 421, 'CONSOLE_MISDIRECTED_REQUEST', 'This host name is not served here.', {
        detail: `host ${host.slice(0, 100)}`,
      });
    }
    const target = rawTarget(c);
    const problem = basicTargetProblem(target);
    if (problem) {
      return deny(rt, c, 400, 'CONSOLE_BAD_REQUEST', 'This request path is not accepted.', {
        operation: `${c.req.method} ${(target.split('?', 1)[0] ?? '').slice(0, 200)}`,
        detail: `target: ${problem}`,
      });
    }
    const method = c.req.method;
    if (!knownMethods.has(method)) {
      return deny(
        rt,
        c,
        405,
        'CONSOLE_METHOD_NOT_ALLOWED',
        'This method is not allowed.',
        { detail: 'method' },
        { allow: 'GET, POST, PUT, PATCH, DELETE' },
      );
    }
    if (!isSafeMethod(method)) {
      const crossSite = crossSiteProblem(c, rt.deps.secure === true);
      if (crossSite) {
        return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'Cross-site request refused.', {
          detail: crossSite,
        });
      }
      // A body without a content type (a Blob, say) is what a simple cross-site request can send.
      if (c.req.header('content-type') === undefined) {
        const body = await readJsonBody(c);
        if (body.kind === 'too-large') {
          return deny(rt, c, 413, 'CONSOLE_PAYLOAD_TOO_LARGE', 'The request body is over 1 MiB.', {
            detail: 'body too large',
          });
        }
        if (body.kind !== 'empty') {
          return deny(rt, c, 403, 'CONSOLE_CROSS_SITE_REQUEST', 'A request body must be JSON.', {
            detail: 'content-type',
          });
        }
      }
    }
    await next();
  });
}
