import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchOperation, undocumentedQuery } from '../../src/api/contract/match';
import type { OperationName } from '../../src/api/contract/operations';
import { anySegment } from '../../src/api/contract/templates';
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
const routes: Partial<Record<OperationName, Handler>> = {
  'users.list': () => ok(bodies.users),
  'users.get': (p) => {
    const user = byId(standInData.users, 'uid', p.uid);
    return user ? ok({ data: user }) : error(404, 'ERR_UID_NOT_FOUND', `The UID ${p.uid} does not exist, please make sure you have created a user with UID ${p.uid}.`);
  },
  'groups.list': () => ok(bodies.groups),
  'groups.get': (p) => (p.guid === standInData.group.guid ? ok({ data: standInData.group }) : error(404, 'ERR_GUID_NOT_FOUND', `The GUID ${p.guid} does not exist.`)),
  'bans.list': () => ok(bodies.banned),
  'members.list': () => ok(bodies.members),
  'members.kick': () => ok(bodies.kick),
  'bans.remove': (p) => ok({ data: { success: true, message: `The user with uid ${p.uid} has been banned from the Group with ${p.guid}.` } }),
  'messages.list': () => ok(bodies.messages),
  'messages.get': (p) => {
    const message = byId(standInData.messages, 'id', p.id);
    return message ? ok({ data: message }) : error(404, 'ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${p.id} does not exist.`);
  },
  'messages.delete': () => ok(bodies.deleteMessage),
  'reactions.list': () => ok(bodies.reactions),
  'reactions.list-one': () => ok(bodies.reactionsOfOne),
  'reactions.add': () => ok(bodies.reaction),
  'reactions.remove': () => ok(bodies.reaction),
  'roles.list': () => ok(bodies.roles),
  'roles.get': () => ok(bodies.role),
  'permissions.list': () => ok(bodies.catalog),
  'permissions.set': (_p, _q, body) => {
    const written = (body as { permissions?: Record<string, Json> }).permissions ?? {};
    const answer = structuredClone(bodies.setPermissions) as { data: { permissions: Record<string, Json> } };
    Object.assign(answer.data.permissions, written);
    return ok(answer);
  },
  'permissions.unset': () => ok(bodies.unsetPermission),
  'reasons.list': () => ok(bodies.reasons),
  'reasons.update': () => ok(bodies.updateReason),
  'reasons.delete': () => ok(bodies.deleteReason),
  'blocked.list': () => ok(bodies.blocked),
  'reviewed.list': () => ok(bodies.reviewed),
  'flagged.list': () => ok(bodies.flagged),
  'flagged.review': () => ok(bodies.reviewFlagged),
  'messages.flag': () => ok(bodies.flag),
  'blocked.review': (_p, _q, body) => ok((body as { status?: string }).status === 'approved' ? bodies.approve : bodies.review),
  'users.deactivate': () => ok(bodies.deactivate),
  'users.reactivate': () => ok(bodies.reactivate),
  'conversations.mark-delivered': () => ok(bodies.delivered),
  'preferences.get': () => ok(bodies.preferences),
  'preferences.reset': () => ok(bodies.resetPreferences),
};

/** The operation a request addresses (routed as the service routes), its handler and parameters. */
function match(method: string, path: string) {
  const found = matchOperation(method, path.split('/').slice(1), anySegment);
  const handler = found.kind === 'operation' ? routes[found.op.name] : undefined;
  if (found.kind !== 'operation' || !handler) return undefined;
  const params = Object.fromEntries(
    Object.entries(found.params).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  return { op: found.op, handler, params };
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
        const [undocumented] = undocumentedQuery(found.op, url.searchParams.keys());
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
