import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxBodyBytes, maxJsonDepth } from './request-body';
import { createHarness, type Harness } from '../test-support/harness';
import { startLiveConsole } from '../test-support/live-console';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** A JSON body of exactly `size` bytes. */
const jsonOfSize = (size: number) => {
  const shell = '{"name":""}';
  return `{"name":"${'x'.repeat(size - shell.length)}"}`;
};

describe('limits (T10)', () => {
  it('accepts a 1 MiB body and refuses 1 MiB + 1 byte with 413, forwarding nothing', async () => {
    const ok = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: jsonOfSize(maxBodyBytes),
    });
    expect(ok.status).toBe(200);
    expect(h.upstream.seen[0]?.body.length).toBe(maxBodyBytes);
    h.upstream.seen.length = 0;
    const over = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: jsonOfSize(maxBodyBytes + 1),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: { code: 'CONSOLE_PAYLOAD_TOO_LARGE' } });
    const declared = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: '{}',
      headers: { 'content-length': String(maxBodyBytes + 1) },
    });
    expect(declared.status).toBe(413);
    expect(h.upstream.seen).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(h.upstream.seen).toEqual([]);
  });

  it('refuses JSON nested deeper than the limit with 400, audited, forwarding nothing', async () => {
    const depth = 100_000;
    const res = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: `{"name":"x","metadata":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'CONSOLE_BAD_REQUEST',
        message: `The request body nests JSON deeper than ${maxJsonDepth} levels.`,
      },
    });
    expect(h.upstream.seen).toEqual([]);
    expect((await h.auditRows()).at(-1)).toMatchObject({ action: 'reasons.update', status: 400 });
  });

  it('accepts JSON nested up to the limit', async () => {
    const nested = `${'['.repeat(maxJsonDepth - 2)}1${']'.repeat(maxJsonDepth - 2)}`;
    const res = await h.call('PUT', '/api/moderation/reasons/spam', {
      cookie: h.cookies.moderator,
      body: `{"name":"x","metadata":{"deep":${nested}}}`,
    });
    expect(res.status).toBe(200);
    expect(h.upstream.seen).toHaveLength(1);
  });

  it('clamps page sizes to 100', async () => {
    await h.call('GET', '/api/users?perPage=100000&page=2', { cookie: h.cookies.admin });
    await h.call('GET', '/api/messages?limit=1001', { cookie: h.cookies.admin });
    await h.call('GET', '/api/messages?limit=50', { cookie: h.cookies.admin });
    expect(h.upstream.seen.map((s) => s.url)).toEqual([
      '/v3/users?perPage=100&page=2',
      '/v3/messages?limit=100',
      '/v3/messages?limit=50',
    ]);
  });
});

describe('per-operator rate limit', () => {
  it('allows a burst of 40, then 429 with Retry-After, refilling at 20 per second', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 45; i++) {
      const res = await h.call('GET', '/api/users', { cookie: h.cookies.support });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    expect(retryAfter).toBe('1');
    expect(h.upstream.seen).toHaveLength(40);
    // Another operator's session is not affected.
    expect((await h.call('GET', '/api/users', { cookie: h.cookies.admin })).status).toBe(200);
    h.clock.now += 1000;
    const after: number[] = [];
    for (let i = 0; i < 21; i++)
      after.push((await h.call('GET', '/api/users', { cookie: h.cookies.support })).status);
    expect(after.filter((s) => s === 200)).toHaveLength(20);
    expect(after.at(-1)).toBe(429);
  });

  it('is one budget for all sessions of an operator: signing in again adds none', async () => {
    const sessions = [h.cookies.support, await h.login('support'), await h.login('support')];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const cookie = sessions[i % sessions.length];
      statuses.push((await h.call('GET', '/api/users', { cookie })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(h.upstream.seen).toHaveLength(40);
    expect((await h.call('GET', '/api/users', { cookie: h.cookies.moderator })).status).toBe(200);
  });
});

describe('slow uploads', () => {
  it('50 connections trickling bodies do not stop a normal request', async () => {
    const live = await startLiveConsole();
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        const socket = connect(live.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(
          `PUT /api/moderation/reasons/r${i} HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\norigin: http://127.0.0.1:${live.port}\r\nx-requested-with: t\r\ncookie: ${live.cookie}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"name":"`,
        );
        sockets.push(socket);
      }
      const other = await live.signIn('ops2');
      const res = await fetch(`${live.running.url}/api/users`, { headers: { cookie: other } });
      expect(res.status).toBe(200);
      expect(live.upstream.seen.map((s) => s.url)).toEqual(['/v3/users']);
    } finally {
      for (const socket of sockets) socket.destroy();
      await live.close();
    }
  });
});
