import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  /** The request target exactly as it arrived. */
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

export type Reply =
  | {
      status?: number;
      headers?: Record<string, string | string[]>;
      body?: string;
      delayMs?: number;
      /** Answers only once this has settled (then after `delayMs`). */
      after?: Promise<unknown>;
    }
  | 'hang'
  | 'destroy'
  /** Headers and part of the body, then the connection is reset. */
  | 'partial-reset'
  /** Headers, then one byte of body every 100 ms, never finishing. */
  | 'trickle';

/**
 * A local upstream that records every request it receives, so security tests can assert what
 * reached it (and that nothing did). By default it answers 200 with a small chat-style body.
 */
export async function startEchoUpstream(reply: (req: SeenRequest) => Reply = () => ({})) {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  // Answers held by 'hang', which release() can still complete.
  const held = new Set<ServerResponse>();
  let responder = reply;
  let connectionCount = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(record);
      const answer = responder(record);
      if (answer === 'hang') {
        hanging.add(res);
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (answer === 'destroy') {
        req.socket.destroy();
        return;
      }
      if (answer === 'partial-reset') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"data":[{"uid":"par', () => setTimeout(() => req.socket.destroy(), 20));
        return;
      }
      if (answer === 'trickle') {
        hanging.add(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":"');
        const timer = setInterval(() => res.write('x'), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const send = () => {
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          ...answer.headers,
        });
        res.end(answer.body ?? JSON.stringify({ data: { ok: true } }));
      };
      const start = () => {
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      };
      if (answer.after) void answer.after.then(start, start);
      else start();
    });
  });
  server.on('connection', (socket) => {
    connectionCount++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    baseUrl: `http://127.0.0.1:${port}/v3`,
    /** How many TCP connections the upstream has accepted in total. */
    connections: () => connectionCount,
    setReply(next: (req: SeenRequest) => Reply) {
      responder = next;
    },
    /** How many 'hang' answers are held open now. */
    held: () => held.size,
    /** Completes every held 'hang' answer with 200 and the default body; returns how many. */
    release() {
      const count = held.size;
      for (const res of held) {
        hanging.delete(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { ok: true } }));
      }
      held.clear();
      return count;
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
