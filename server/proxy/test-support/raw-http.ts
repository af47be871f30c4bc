import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes exactly as given (no client-side normalisation of the target, headers or framing)
 * and reads until the server closes. An empty status (0) means the server closed without a reply.
 */
export function rawHttp(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') finish();
      else reject(error);
    });
    socket.on('close', finish);
    socket.write(request, 'latin1');
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: rest.join('\r\n\r\n') });
    }
  });
}

/** A one-shot request with `Connection: close`. */
export function rawGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', '', '');
  return rawHttp(port, lines.join('\r\n'));
}
