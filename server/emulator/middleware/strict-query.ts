import type { MiddlewareHandler } from 'hono';
import { undocumentedQuery } from '../../../src/api/contract/match';
import { badRequest } from '../http-errors';
import { operationOf } from '../operations';

/**
 * Strict mode: a query parameter the service does not document for the operation is a 400
 * `ERR_BAD_REQUEST` naming each such parameter, before the operation runs. Requests that address
 * no operation pass through to the 404.
 */
export function strictQuery(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const operation = operationOf(c.req.method, url.pathname.replace(/^\/v3(?=\/|$)/, ''));
    const refused = operation ? undocumentedQuery(operation, url.searchParams.keys()) : [];
    if (refused.length > 0) {
      throw badRequest(
        Object.fromEntries(
          refused.map((name) => [name, [`The ${name} parameter is not supported.`]]),
        ),
      );
    }
    await next();
  };
}
