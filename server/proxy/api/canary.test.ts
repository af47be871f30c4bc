import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Runtime } from '../context';
import { createLogger } from '../http/logger';
import { requestLogger } from '../http/request-log';
import { createSignInToken } from '../auth/operators';
import { createHarness, type Harness } from '../test-support/harness';

const logLine = z.record(z.string(), z.unknown());

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

async function dump(res: Response): Promise<string> {
  return `${res.status}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${await res.text()}`;
}

/** The production logger, its lines gathered in memory. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger({
    stream: new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  });
  return { lines, logger };
}

describe('the API key never leaves the server (T6)', () => {
  it('appears in no response, header, URL, log line or audit row across a varied session', async () => {
    const seen: string[] = [];
    const upstreamReplies = [
      () => ({}),
      () => ({
        status: 401,
        body: JSON.stringify({
          error: { code: 'AUTH_ERR_APIKEY_NOT_FOUND', message: `bad key ${h.apiKey}` },
        }),
      }),
      () => ({
        status: 403,
        body: JSON.stringify({
          error: { code: 'AUTH_ERR_NO_ACCESS', message: `The key ${h.apiKey} cannot be used` },
        }),
      }),
      () => ({
        status: 500,
        body: JSON.stringify({ error: { code: 'ERR_EXCEPTION', message: `apikey=${h.apiKey}` } }),
      }),
      () => ({
        status: 200,
        headers: { 'x-echo-key': h.apiKey, 'set-cookie': `k=${h.apiKey}` },
        body: '{"data":{}}',
      }),
      () => ({
        status: 429,
        headers: { 'retry-after': '15' },
        body: '{"error":{"code":"ERR_TOO_MANY_REQUESTS","message":"slow down"}}',
      }),
      () => 'hang' as const,
    ];
    for (const reply of upstreamReplies) {
      h.upstream.setReply(reply);
      seen.push(await dump(await h.call('GET', '/api/users', { cookie: h.cookies.admin })));
      seen.push(
        await dump(
          await h.call('POST', '/api/moderation/reasons', {
            cookie: h.cookies.admin,
            body: { id: 'r', name: 'R' },
          }),
        ),
      );
    }
    h.upstream.setReply(() => ({}));
    seen.push(
      await dump(await h.call('GET', '/api/users/../../admin', { cookie: h.cookies.admin })),
    );
    seen.push(await dump(await h.call('GET', '/api/apikeys', { cookie: h.cookies.admin })));
    seen.push(await dump(await h.call('GET', '/api/users', { headers: { apikey: 'x' } })));
    seen.push(
      await dump(
        await h.call('POST', '/auth/login', {
          body: { username: 'admin', password: 'wrong password!' },
        }),
      ),
    );
    seen.push(
      await dump(
        await h.call(
          'GET',
          `/auth/one-time?token=${await createSignInToken(h.store, 'admin', { now: h.clock.now })}`,
        ),
      ),
    );
    seen.push(await dump(await h.call('GET', '/auth/me', { cookie: h.cookies.admin })));
    seen.push(
      await dump(await h.call('GET', '/console/audit?perPage=100', { cookie: h.cookies.admin })),
    );
    seen.push(await dump(await h.call('GET', '/console/audit.csv', { cookie: h.cookies.admin })));
    seen.push(await dump(await h.call('GET', '/console/operators', { cookie: h.cookies.admin })));

    expect(seen).toHaveLength(23);
    expect(seen.filter((text) => text.includes(h.apiKey))).toEqual([]);
    expect(h.lines.length).toBeGreaterThan(20);
    expect(h.lines.filter((line) => line.includes(h.apiKey))).toEqual([]);
    expect(JSON.stringify(await h.auditRows())).not.toContain(h.apiKey);
    expect(h.upstream.seen.every((s) => !s.url.includes(h.apiKey))).toBe(true);
    expect(h.upstream.seen.every((s) => s.headers.apikey === h.apiKey)).toBe(true);
  });

  it('is withheld from the browser whatever header or encoding the service echoes it in', async () => {
    const key = h.apiKey;
    const percentAll = (text: string) =>
      [...text].map((ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const jsonEscaped = [...key]
      .map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
    const replies: { headers?: Record<string, string>; body?: string }[] = [
      { headers: { 'retry-after': key } },
      { headers: { 'x-rate-limit-remaining': key } },
      { headers: { 'x-ratelimit-reset': `1 ${key}` } },
      { headers: { 'content-type': `application/json; k=${key}` } },
      { body: `{"data":{"note":"${jsonEscaped}"}}` },
      { body: `{"data":{"link":"https://x.example/?k=${percentAll(key)}"}}` },
      { body: `{"data":{"link":"https://x.example/?k=${encodeURIComponent(percentAll(key))}"}}` },
      { body: `{"data":{"auth":"Basic ${Buffer.from(`app:${key}`).toString('base64')}"}}` },
      { body: `{"data":{"blob":"${Buffer.from(`{"apikey":"${key}"}`).toString('base64url')}"}}` },
      { body: `{"data":{"note":"${key.toLowerCase()}"}}` },
      { body: `{"data":{"note":"${key.toUpperCase()}"}}` },
    ];
    const leaked: string[] = [];
    for (const reply of replies) {
      h.upstream.setReply(() => ({ status: 200, body: '{"data":{}}', ...reply }));
      const res = await h.call('GET', '/api/users', { cookie: h.cookies.admin });
      const text = await dump(res);
      const decoded = decodeURIComponent(
        decodeURIComponent(text.replace(/%(?![0-9a-f]{2})/gi, '')),
      );
      const base64 = [...text.matchAll(/[A-Za-z0-9+/_-]{16,}/g)]
        .map(([run]) => Buffer.from(run, 'base64').toString('latin1'))
        .join(' ');
      const unescaped = text.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      if (
        [text, decoded, base64, unescaped].some((t) => t.toLowerCase().includes(key.toLowerCase()))
      )
        leaked.push(JSON.stringify(reply).slice(0, 80));
      else if (res.status === 200 && reply.body !== undefined)
        leaked.push(`passed: ${reply.body.slice(0, 40)}`);
    }
    expect(leaked).toEqual([]);
    expect(h.lines.filter((line) => line.includes(key))).toEqual([]);
  });

  it('the logger redacts key, cookie, authorization and set-cookie wherever they are put', () => {
    const { lines, logger } = capturedLogger();
    logger.info(
      {
        apikey: 'K1',
        headers: { apikey: 'K2', cookie: 'C1', authorization: 'A1', 'set-cookie': 'S1' },
        req: { headers: { cookie: 'C2' } },
        upstream: { apiKey: 'K3' },
      },
      'probe',
    );
    const text = lines.join('');
    for (const secret of ['K1', 'K2', 'K3', 'C1', 'C2', 'A1', 'S1'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it("a request's line redacts secret names among its fields, and inside any object it carries", () => {
    const { lines, logger } = capturedLogger();
    const rt = { deps: { logger }, now: () => 0 } as unknown as Runtime;
    const logLine = requestLogger(rt);
    const line = { reqId: 'r1', method: 'GET', path: '/api/users', status: 200, started: 0 };
    logLine({ ...line, log: { token: 'T1', apiKey: 'K1', 'set-cookie': 'S1', operator: 'ana' } });
    logLine({ ...line, log: { operator: 'ana', upstream: { apikey: 'K2' } } });
    const text = lines.join('');
    for (const secret of ['T1', 'K1', 'S1', 'K2']) expect(text).not.toContain(secret);
    expect(lines.map((entry) => JSON.parse(entry) as { operator: string })).toMatchObject([
      { operator: 'ana', token: '[redacted]', apiKey: '[redacted]', 'set-cookie': '[redacted]' },
      { operator: 'ana', upstream: { apikey: '[redacted]' } },
    ]);
  });

  it('logs one structured line per request with no cookie or query', async () => {
    h.lines.length = 0;
    const token = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    await h.call('GET', `/auth/one-time?token=${token}`);
    await h.call('GET', '/api/users?searchKey=secret-search', { cookie: h.cookies.support });
    const requests = h.lines
      .map((line) => logLine.parse(JSON.parse(line)))
      .filter((entry) => entry.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({
      method: 'GET',
      path: '/api/users',
      status: 200,
      operator: 'support',
      upstreamStatus: 200,
      action: 'users.list',
    });
    expect(typeof requests[1]?.reqId).toBe('string');
    const text = h.lines.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain(h.cookies.support.split('=')[1]);
    expect(text).not.toContain('secret-search');
  });
});
