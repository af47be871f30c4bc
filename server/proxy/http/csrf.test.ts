import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, testHost, testOrigin, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** Each is a way another site (or a local page on another port) could try to drive the console. */
const attacks: [string, Record<string, string>, string | Uint8Array<ArrayBuffer> | undefined][] = [
  [
    'cross-site HTML form',
    { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    'permanent=true',
  ],
  [
    'form from this origin without the custom header',
    { origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
    'a=b',
  ],
  [
    'text/plain fetch from another origin',
    { origin: 'http://evil.example', 'content-type': 'text/plain' },
    '{"permanent":true}',
  ],
  [
    'text/plain fetch with a same-origin Origin',
    { origin: testOrigin, 'x-requested-with': 'x', 'content-type': 'text/plain' },
    '{"permanent":true}',
  ],
  [
    'untyped body (Blob) from this origin',
    { origin: testOrigin, 'x-requested-with': 'x' },
    new TextEncoder().encode('{"permanent":true}'),
  ],
  ['no Origin at all', { 'x-requested-with': 'x', 'content-type': 'application/json' }, '{}'],
  [
    'Origin: null (sandboxed frame)',
    { origin: 'null', 'x-requested-with': 'x', 'content-type': 'application/json' },
    '{}',
  ],
  [
    'another port on localhost (same-site)',
    {
      origin: 'http://127.0.0.1:3000',
      'x-requested-with': 'x',
      'content-type': 'application/json',
    },
    '{}',
  ],
  [
    'https look-alike',
    { origin: `https://${testHost}`, 'x-requested-with': 'x', 'content-type': 'application/json' },
    '{}',
  ],
  [
    'Sec-Fetch-Site: cross-site',
    {
      origin: testOrigin,
      'sec-fetch-site': 'cross-site',
      'x-requested-with': 'x',
      'content-type': 'application/json',
    },
    '{}',
  ],
  [
    'Sec-Fetch-Site: same-site',
    {
      origin: testOrigin,
      'sec-fetch-site': 'same-site',
      'x-requested-with': 'x',
      'content-type': 'application/json',
    },
    '{}',
  ],
  [
    'missing custom header',
    { origin: testOrigin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    '{}',
  ],
];

const targets: [string, string][] = [
  ['DELETE', '/api/messages/42'],
  ['POST', '/api/messages/42/reactions/x'],
  ['PUT', '/api/roles/default/permissions'],
  ['POST', '/console/operators'],
  ['DELETE', '/console/operators/support'],
  ['POST', '/auth/logout'],
  ['POST', '/auth/login'],
];

describe('cross-site state changes are refused (T8)', () => {
  it.each(attacks)('%s', async (_name, headers, body) => {
    for (const [method, path] of targets) {
      const before = (await h.auditRows()).length;
      const res = await h.app.request(path, {
        method,
        headers: { host: testHost, cookie: h.cookies.admin, onBehalfOf: 'ann', ...headers },
        body,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_CROSS_SITE_REQUEST' } });
      expect((await h.auditRows()).slice(before)).toEqual([
        expect.objectContaining({ outcome: 'denied', status: 403, operation: `${method} ${path}` }),
      ]);
    }
    expect(h.upstream.seen).toEqual([]);
    // The admin's session survived the logout attempts.
    expect((await h.call('GET', '/auth/me', { cookie: h.cookies.admin })).status).toBe(200);
  });

  it('refuses cross-site reads of the console data and sends no CORS headers', async () => {
    for (const path of ['/api/users', '/console/audit', '/console/audit.csv']) {
      const res = await h.app.request(path, {
        headers: { host: testHost, cookie: h.cookies.admin, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status, path).toBe(403);
    }
    const preflight = await h.app.request('/api/users', {
      method: 'OPTIONS',
      headers: {
        host: testHost,
        origin: 'http://evil.example',
        'access-control-request-method': 'DELETE',
      },
    });
    expect(preflight.status).toBe(405);
    const ok = await h.call('GET', '/api/users', { cookie: h.cookies.admin });
    for (const res of [preflight, ok]) {
      expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual(
        [],
      );
    }
    expect(h.upstream.seen).toHaveLength(1);
  });
});

describe('DNS rebinding (T9)', () => {
  it('answers 421 to any Host not on the list, whatever the path, with nothing forwarded', async () => {
    for (const host of [
      'attacker.example:8080',
      'attacker.example',
      '127.0.0.1:9999',
      '127.0.0.1',
      '',
      '127.0.0.1:8080.evil.example',
    ]) {
      for (const path of ['/api/users', '/auth/me', '/console/audit', '/']) {
        const res = await h.app.request(path, { headers: { host, cookie: h.cookies.admin } });
        expect(res.status, `${host} ${path}`).toBe(421);
      }
    }
    expect(h.upstream.seen).toEqual([]);
    expect((await h.auditRows()).filter((r) => r.status === 421).length).toBe(24);
  });

  it('accepts the allowed Host in any letter case', async () => {
    const res = await h.app.request('/auth/me', {
      headers: { host: testHost.toUpperCase(), cookie: h.cookies.admin },
    });
    expect(res.status).toBe(200);
  });
});
