import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedTargets, hostileTargets } from '../test-support/probes';
import { rawGet, rawHttp } from '../test-support/raw-http';
import { startLiveConsole, type LiveConsole } from '../test-support/live-console';

// Open-redirect and host-smuggling shapes in the style of oauth2-proxy's corpus.
const redirectPayloads = [
  '//evil.example',
  '/\\evil.example',
  '/%09/evil.example',
  '/%2f%2fevil.example',
  '%2f%2fevil.example',
  '/%5cevil.example',
  'https://evil.example',
  'http:evil.example',
  '//evil.example@127.0.0.1',
  'evil.example%E3%80%82com',
  'javascript:alert(1)',
  'http://0xd8.0x3a.0xd6.0xce',
  'http://3627734734',
  '//[::ffff:127.0.0.1]',
  '/./../../\\evil.example',
  '%0d%0aLocation:%20http://evil.example',
  '/%E2%80%AEevil.example',
  '@evil.example',
  '///evil.example',
  '/\t/evil.example',
];

let live: LiveConsole;
beforeAll(async () => {
  live = await startLiveConsole();
});
afterAll(async () => {
  await live.close();
});

const get = (target: string, headers: Record<string, string> = {}) =>
  rawGet(live.port, target, { cookie: live.cookie, ...headers });

describe('traversal, encoding and smuggling probes on a real socket (T1, T2)', () => {
  it('refuses every hostile target and the upstream sees nothing', async () => {
    live.upstream.seen.length = 0;
    const statuses = new Map<string, number>();
    for (const target of hostileTargets) statuses.set(target, (await get(target)).status);
    for (const payload of redirectPayloads)
      statuses.set(`/api/${payload}`, (await get(`/api/${payload}`)).status);
    const unexpected = [...statuses].filter(([, status]) => ![400, 404].includes(status));
    expect(unexpected).toEqual([]);
    expect(statuses.size).toBeGreaterThanOrEqual(85);
    expect(live.upstream.seen).toEqual([]);
  });

  it('still forwards the well-formed targets, canonically', async () => {
    live.upstream.seen.length = 0;
    for (const [target] of acceptedTargets) expect((await get(target)).status, target).toBe(200);
    expect(live.upstream.seen.map((s) => s.url)).toEqual(
      acceptedTargets.map(([, upstream]) => upstream),
    );
  });

  it('passes a redirect-looking query value only to the fixed upstream, inside the allow-list', async () => {
    live.upstream.seen.length = 0;
    for (const payload of redirectPayloads.slice(0, 10)) {
      await get(`/api/users?searchKey=${encodeURIComponent(payload)}`);
    }
    expect(live.upstream.seen.length).toBe(10);
    expect(new Set(live.upstream.seen.map((s) => s.url.split('?')[0]))).toEqual(
      new Set(['/v3/users']),
    );
    expect(new Set(live.upstream.seen.map((s) => s.headers.host))).toEqual(
      new Set([`127.0.0.1:${live.upstream.port}`]),
    );
  });

  it('refuses absolute-form targets, even naming this host', async () => {
    live.upstream.seen.length = 0;
    expect((await get('http://evil.example/api/users')).status).toBe(400);
    expect((await get(`http://127.0.0.1:${live.port}/api/users`)).status).toBe(400);
    expect(await get('*', {})).toMatchObject({ status: 400 });
    expect(live.upstream.seen).toEqual([]);
  });

  it('never tunnels: CONNECT and TRACE reach nothing', async () => {
    live.upstream.seen.length = 0;
    const connectionsBefore = live.upstream.connections();
    const connectReply = await rawHttp(
      live.port,
      `CONNECT 127.0.0.1:${live.upstream.port} HTTP/1.1\r\nHost: 127.0.0.1:${live.upstream.port}\r\n\r\n`,
    );
    expect(connectReply.status).not.toBe(200);
    const trace = await rawGet(live.port, '/api/users', { cookie: live.cookie }, 'TRACE');
    expect(trace.status).toBe(405);
    expect(live.upstream.connections()).toBe(connectionsBefore);
    expect(live.upstream.seen).toEqual([]);
  });

  it('rejects a foreign or duplicated Host and ambiguous framing', async () => {
    live.upstream.seen.length = 0;
    expect(
      (
        await rawHttp(
          live.port,
          `GET /api/users HTTP/1.1\r\nHost: evil.example\r\ncookie: ${live.cookie}\r\nConnection: close\r\n\r\n`,
        )
      ).status,
    ).toBe(421);
    expect(
      (
        await rawHttp(
          live.port,
          `GET /api/users HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\nHost: evil.example\r\ncookie: ${live.cookie}\r\nConnection: close\r\n\r\n`,
        )
      ).status,
    ).toBeGreaterThanOrEqual(400);
    const smuggle = `POST /api/moderation/reasons HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\norigin: http://127.0.0.1:${live.port}\r\nx-requested-with: t\r\ncookie: ${live.cookie}\r\ncontent-type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\nGET /api/users HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\n\r\n`;
    expect((await rawHttp(live.port, smuggle)).status).toBe(400);
    expect(live.upstream.seen).toEqual([]);
  });
});
