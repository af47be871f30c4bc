import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxyApp } from './app';
import { resetPassword } from './auth/operators';
import { startConsole } from './start';
import { openConsoleStore } from './store/store';
import { startEchoUpstream } from './test-support/echo-upstream';
import { memoryLogger, testHashCost } from './test-support/harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(opts: { host?: string; shutdownGraceMs?: number; headersMs?: number } = {}) {
  const upstream = await startEchoUpstream();
  cleanups.push(() => upstream.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'console-start-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const { logger, lines } = memoryLogger();
  const start = () =>
    startConsole({
      port: 0,
      host: opts.host,
      dataDir,
      upstream: { baseUrl: upstream.baseUrl, apiKey: 'k'.repeat(40) },
      logger,
      testHooks: { passwordHashCost: testHashCost },
      shutdownGraceMs: opts.shutdownGraceMs,
      timeouts: { connectMs: 500, headersMs: opts.headersMs ?? 2000, bodyMs: 2000 },
    });
  return { upstream, dataDir, lines, start };
}

/** The first admin's session: the one-time link, then the password they must choose first. */
async function firstAdmin(running: Awaited<ReturnType<typeof startConsole>>): Promise<string> {
  const first = await fetch(running.bootstrap?.link ?? '', { redirect: 'manual' });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  const changed = await fetch(`${running.url}/auth/password`, {
    method: 'POST',
    headers: {
      cookie,
      origin: running.url,
      'x-requested-with': 'chat-admin-console',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ newPassword: 'a passphrase of my own choosing' }),
  });
  if (changed.status !== 200) throw new Error(`password change: ${changed.status}`);
  return cookie;
}

describe('startConsole', () => {
  it('creates the first admin with a one-time link that signs in once', async () => {
    const { start, dataDir } = await setup();
    const running = await start();
    cleanups.push(() => running.close());
    expect(existsSync(join(dataDir, 'console.sqlite'))).toBe(true);
    expect(running.bootstrap?.username).toBe('admin');
    const link = running.bootstrap?.link ?? '';
    expect(link).toMatch(new RegExp(`^${running.url}/auth/one-time\\?token=[A-Za-z0-9_-]{43}$`));

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    // Straight to choosing a password, with the page told how the admin got in.
    expect(first.headers.get('location')).toBe('/change-password?from=sign-in-link');
    const cookie = (first.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    const me = await fetch(`${running.url}/auth/me`, { headers: { cookie } });
    // Its password was never shown: the admin chooses one before anything else.
    expect(await me.json()).toEqual({ username: 'admin', role: 'admin', mustChangePassword: true });
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
  });

  it('offers no new link once an operator exists, and a link stops working when expired', async () => {
    const { start } = await setup();
    const first = await start();
    const link = first.bootstrap?.link ?? '';
    await first.store.db
      .updateTable('sign_in_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
    await first.close();
    const second = await start();
    cleanups.push(() => second.close());
    expect(second.bootstrap).toBeUndefined();
  });

  it("ends a remembered session at the next read once another program's write ends it", async () => {
    const { start, dataDir } = await setup();
    const running = await start();
    cleanups.push(() => running.close());
    const cookie = await firstAdmin(running);
    const read = () => fetch(`${running.url}/api/users`, { headers: { cookie } });
    // The second read is answered from the remembered session.
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    // The operator CLI's reset, on a connection of its own to the store file.
    const other = await openConsoleStore({ file: join(dataDir, 'console.sqlite') });
    cleanups.push(() => other.close());
    await resetPassword(other, 'admin', 'another passphrase entirely', { hashCost: testHashCost });
    expect((await read()).status).toBe(401);
  });

  it('accepts the loopback names of its port and nothing else', async () => {
    const { start } = await setup();
    const running = await start();
    cleanups.push(() => running.close());
    const port = new URL(running.url).port;
    const { request } = await import('node:http');
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/auth/me', headers: { host } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(401);
    expect(await statusFor(`localhost:${port}`)).toBe(401);
    expect(await statusFor(`[::1]:${port}`)).toBe(401);
    expect(await statusFor(`attacker.example:${port}`)).toBe(421);
    expect(await statusFor('localhost')).toBe(421);
  });

  it('opens the PostgreSQL store of databaseUrl instead of the file, naming it without the password', async () => {
    const { upstream, dataDir } = await setup();
    const starting = startConsole({
      port: 0,
      dataDir,
      databaseUrl: 'postgres://console:pg-s3cret@127.0.0.1:1/console',
      upstream: { baseUrl: upstream.baseUrl, apiKey: 'k'.repeat(40) },
      logger: memoryLogger().logger,
    });
    const message = String(await starting.catch((error: unknown) => error));
    expect(message).toContain('Cannot reach PostgreSQL at postgres://console@127.0.0.1:1/console');
    expect(message).not.toContain('pg-s3cret');
    expect(existsSync(join(dataDir, 'console.sqlite'))).toBe(false);
  });

  it('warns when bound beyond loopback', async () => {
    const { start, lines } = await setup({ host: '0.0.0.0' });
    const running = await start();
    cleanups.push(() => running.close());
    expect(
      lines.some((line) => line.includes('"level":40') && line.includes('beyond this machine')),
    ).toBe(true);
  });
});

describe('graceful shutdown (R4)', () => {
  it('lets in-flight requests finish, then refuses connections and closes the store', async () => {
    const { start, upstream } = await setup();
    upstream.setReply(() => ({ delayMs: 200 }));
    const running = await start();
    const cookie = await firstAdmin(running);
    const inFlight = fetch(`${running.url}/api/users`, { headers: { cookie } });
    while (upstream.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const closed = running.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    await closed;
    await expect(fetch(`${running.url}/auth/me`)).rejects.toThrow();
    expect(running.store.closed).toBe(true);
  });

  it('stops waiting for a hung request after the grace period', async () => {
    const { start, upstream } = await setup({ shutdownGraceMs: 100, headersMs: 60_000 });
    upstream.setReply(() => 'hang');
    const running = await start();
    const cookie = await firstAdmin(running);
    const hung = fetch(`${running.url}/api/users`, { headers: { cookie } }).then(
      (r) => r.status,
      () => 'aborted',
    );
    while (upstream.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await running.close();
    expect(await hung).toBe('aborted');
    expect(running.store.closed).toBe(true);
  });

  it('answers 503 with Connection: close to requests that arrive while closing', async () => {
    const store = await openConsoleStore({ file: ':memory:' });
    cleanups.push(() => store.close());
    const { logger } = memoryLogger();
    const app = createProxyApp({
      store,
      upstream: { baseUrl: 'http://127.0.0.1:9/v3', apiKey: 'k' },
      forward: () => Promise.reject(new Error('must not be called')),
      allowedHosts: ['127.0.0.1:8080'],
      logger,
      isClosing: () => true,
    });
    const res = await app.request('/api/users', { headers: { host: '127.0.0.1:8080' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_SHUTTING_DOWN' } });
  });
});

describe('behind a TLS-terminating reverse proxy', () => {
  it('uses a Secure __Host- cookie and the public address when CONSOLE_PUBLIC_URL is https', async () => {
    const { upstream, dataDir } = await setup();
    const running = await startConsole({
      port: 0,
      dataDir,
      upstream: { baseUrl: upstream.baseUrl, apiKey: 'k'.repeat(40) },
      logger: memoryLogger().logger,
      testHooks: { passwordHashCost: testHashCost },
      publicUrl: 'https://console.example.test',
    });
    cleanups.push(() => running.close());
    const link = running.bootstrap?.link ?? '';
    expect(link).toMatch(/^https:\/\/console\.example\.test\/auth\/one-time\?token=/);
    const res = await fetch(`${running.url}${new URL(link).pathname}${new URL(link).search}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-console_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('HttpOnly');
  });
});

describe('metrics listener', () => {
  it('serves /metrics on a port of its own when asked, and the console port keeps a 404', async () => {
    const { upstream, dataDir } = await setup();
    const running = await startConsole({
      port: 0,
      dataDir,
      upstream: { baseUrl: upstream.baseUrl, apiKey: 'k'.repeat(40) },
      logger: memoryLogger().logger,
      testHooks: { passwordHashCost: testHashCost },
      metrics: { port: 0 },
    });
    cleanups.push(() => running.close());
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    const res = await fetch(running.metricsUrl ?? '');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(
      'console_requests_total{operation="healthz",code="200",class="2xx",role="none"} 1',
    );
    expect(text).toContain('process_resident_memory_bytes');
    expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
  });
});
