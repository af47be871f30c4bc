import { createServer, request, type Server } from 'node:http';

/**
 * A small round-robin load balancer, as a platform team puts in front of the console's replicas:
 * each request (an event stream included) goes to the next replica in turn, headers and body as
 * they came. No stickiness: a session made on one replica must work on the other.
 */
export function startBalancer(opts: {
  port: number;
  backends: readonly number[];
}): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const port = opts.backends[next++ % opts.backends.length];
    const forwarded = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('replica unreachable');
    });
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(opts.port, '127.0.0.1', () => resolve(server)));
}
