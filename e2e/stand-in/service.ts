import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { undocumentedQueryParam } from '../../src/api/contract/operations';
import { withExtraFields, type Json } from '../../src/api/contract/variants';
import { bodies, standInData } from './bodies';

/**
 * A stand-in for the real Chat API: it answers with the service's documented bodies (see bodies.ts),
 * checks the key, refuses undocumented query parameters and unknown routes with the service's error
 * envelope. With `variants`, every answer also carries fields the console does not know, and every
 * list one item of a shape nobody documented, as another app or release of the service might.
 */
type Reply = { status: number; body: Json };
type Handler = (params: Record<string, string>, query: URLSearchParams, body: unknown) => Reply;

const ok = (body: Json): Reply => ({ status: 200, body });
const error = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { message, devMessage: message, source: 'chat-api', code } },
});
const byId = (items: Json[], key: string, id: string | undefined) =>
  items.find(
    (item) => typeof item === 'object' && item !== null && !Array.isArray(item) && item[key] === id,
  );

// prettier-ignore
const routes: [string, string, Handler][] = [
  ['GET', '/users', () => ok(bodies.users)],
  ['GET', '/users/{uid}', (p) => {
    const user = byId(standInData.users, 'uid', p.uid);
    return user ? ok({ data: user }) : error(404, 'ERR_UID_NOT_FOUND', `The UID ${p.uid} does not exist, please make sure you have created a user with UID ${p.uid}.`);
  }],
  ['GET', '/groups', () => ok(bodies.groups)],
  ['GET', '/groups/{guid}', (p) => (p.guid === standInData.group.guid ? ok({ data: standInData.group }) : error(404, 'ERR_GUID_NOT_FOUND', `The GUID ${p.guid} does not exist.`))],
  ['GET', '/groups/{guid}/bannedusers', () => ok(bodies.banned)],
  ['GET', '/groups/{guid}/members', () => ok(bodies.members)],
  ['DELETE', '/groups/{guid}/members/{uid}', () => ok(bodies.kick)],
  ['DELETE', '/groups/{guid}/bannedusers/{uid}', (p) => ok({ data: { success: true, message: `The user with uid ${p.uid} has been banned from the Group with ${p.guid}.` } })],
  ['GET', '/messages', () => ok(bodies.messages)],
  ['GET', '/messages/{id}', (p) => {
    const message = byId(standInData.messages, 'id', p.id);
    return message ? ok({ data: message }) : error(404, 'ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${p.id} does not exist.`);
  }],
  ['DELETE', '/messages/{id}', () => ok(bodies.deleteMessage)],
  ['GET', '/messages/{id}/reactions', () => ok(bodies.reactions)],
  ['GET', '/messages/{id}/reactions/{reaction}', () => ok(bodies.reactionsOfOne)],
  ['POST', '/messages/{id}/reactions/{reaction}', () => ok(bodies.reaction)],
  ['DELETE', '/messages/{id}/reactions/{reaction}', () => ok(bodies.reaction)],
  ['GET', '/roles', () => ok(bodies.roles)],
  ['GET', '/roles/{role}', () => ok(bodies.role)],
  ['GET', '/roles/{role}/permissions', () => ok(bodies.catalog)],
  ['PUT', '/roles/{role}/permissions', (_p, _q, body) => {
    const written = (body as { permissions?: Record<string, Json> }).permissions ?? {};
    const answer = structuredClone(bodies.setPermissions) as { data: { permissions: Record<string, Json> } };
    Object.assign(answer.data.permissions, written);
    return ok(answer);
  }],
  ['DELETE', '/roles/{role}/permissions/{permission}', () => ok(bodies.unsetPermission)],
  ['GET', '/moderation/reasons', () => ok(bodies.reasons)],
  ['PUT', '/moderation/reasons/{id}', () => ok(bodies.updateReason)],
  ['DELETE', '/moderation/reasons/{id}', () => ok(bodies.deleteReason)],
  ['GET', '/moderation/blocked-messages', () => ok(bodies.blocked)],
  ['GET', '/moderation/reviewed-messages', () => ok(bodies.reviewed)],
  ['GET', '/moderation/flagged-messages', () => ok(bodies.flagged)],
  ['PATCH', '/moderation/flagged-messages/{id}', () => ok(bodies.reviewFlagged)],
  ['POST', '/messages/{id}/flagged', () => ok(bodies.flag)],
  ['PATCH', '/moderation/blocked-messages/{id}', (_p, _q, body) => ok((body as { status?: string }).status === 'approved' ? bodies.approve : bodies.review)],
  ['DELETE', '/users', () => ok(bodies.deactivate)],
  ['PUT', '/users', () => ok(bodies.reactivate)],
  ['POST', '/users/{uid}/conversation/delivered', () => ok(bodies.delivered)],
  ['GET', '/notifications/v1/preferences', () => ok(bodies.preferences)],
  ['DELETE', '/notifications/v1/preferences', () => ok(bodies.resetPreferences)],
];

function match(
  method: string,
  path: string,
): { template: string; handler: Handler; params: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1);
  for (const [verb, template, handler] of routes) {
    if (verb !== method) continue;
    const names = template.split('/').slice(1);
    if (names.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = names.every((name, i) => {
      const part = decodeURIComponent(parts[i] ?? '');
      if (name.startsWith('{')) params[name.slice(1, -1)] = part;
      return name.startsWith('{') || name === part;
    });
    if (fits) return { template, handler, params };
  }
  return undefined;
}

/** Extra fields everywhere, and one undocumented item at the end of every list. */
function vary(body: Json): Json {
  const varied = withExtraFields(body);
  if (
    typeof varied === 'object' &&
    varied !== null &&
    !Array.isArray(varied) &&
    Array.isArray(varied.data)
  )
    varied.data = [
      ...varied.data,
      { id: 'odd-1', category: 'hologram', type: 'future', shape: ['nobody', 'documented'] },
    ];
  return varied;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
}

export interface StandIn {
  baseUrl: string;
  /** `METHOD /path?query` of every request received. */
  seen: string[];
  close(): Promise<void>;
}

export async function startStandIn(options: {
  apiKey: string;
  port?: number;
  variants?: boolean;
}): Promise<StandIn> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      seen.push(`${method} ${url.pathname}${url.search}`);
      const body = await readBody(req);
      const path = url.pathname.replace(/^\/v3(?=\/)/, '');
      const found = url.pathname.startsWith('/v3/') ? match(method, path) : undefined;
      let reply: Reply;
      if (req.headers.apikey !== options.apiKey) {
        reply = error(401, 'AUTH_ERR_APIKEY_NOT_FOUND', 'The API key provided is not valid.');
      } else if (!found) {
        reply = error(
          404,
          'ERR_API_NOT_FOUND',
          'The API endpoint is invalid. Please verify the API call.',
        );
      } else {
        const undocumented = undocumentedQueryParam(
          `${method} ${found.template}`,
          url.searchParams.keys(),
        );
        reply = undocumented
          ? {
              status: 400,
              body: {
                error: {
                  message: 'Failed to validate the data sent with the request.',
                  devMessage: 'Failed to validate the data sent with the request.',
                  source: 'chat-api',
                  code: 'ERR_BAD_REQUEST',
                  details: { [undocumented]: [`The ${undocumented} parameter is not supported.`] },
                },
              },
            }
          : found.handler(found.params, url.searchParams, body);
        if (reply.status === 200 && options.variants)
          reply = { status: 200, body: vary(reply.body) };
      }
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'x-rate-limit': '20000',
        'x-rate-limit-remaining': '19990',
        'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 60),
      });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v3`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
