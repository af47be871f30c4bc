import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, testHost, type Harness } from '../test-support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The security headers of an answer, and any header a security middleware may add unasked. */
const securityHeaders = (res: Response) =>
  Object.fromEntries(
    [
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'content-security-policy',
      'cache-control',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'permissions-policy',
    ].map((name) => [name, res.headers.get(name)]),
  );

const only = (csp: string, cache: string) => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': csp,
  'cache-control': cache,
  'strict-transport-security': null,
  'cross-origin-opener-policy': null,
  'cross-origin-resource-policy': null,
  'origin-agent-cluster': null,
  'x-dns-prefetch-control': null,
  'x-download-options': null,
  'x-permitted-cross-domain-policies': null,
  'x-xss-protection': null,
  'permissions-policy': null,
});

describe('every answer', () => {
  it('carries the same security headers, and nothing more, on an API answer and a refusal', async () => {
    const ok = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(ok.status).toBe(200);
    expect(securityHeaders(ok)).toEqual(only(apiCsp, 'no-store'));
    const missing = await h.call('GET', '/nothing-here');
    expect(missing.status).toBe(404);
    expect(securityHeaders(missing)).toEqual(only(apiCsp, 'no-store'));
    const page = await h.app.request('/auth/one-time?token=x', {
      headers: { host: testHost, accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.status).toBe(401);
    expect(securityHeaders(page)).toEqual(
      only(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'no-store',
      ),
    );
  });

  it("names its request with a new id, the one its log line and audit row carry, never the client's", async () => {
    const res = await h.call('POST', '/api/moderation/reasons', {
      cookie: h.cookies.admin,
      body: { id: 'spam-2', name: 'Spam' },
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(uuid);
    const rows = await h.auditRows();
    expect(rows.at(-1)).toMatchObject({ action: 'reasons.create', request_id: id });
    const logged = h.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.msg === 'request').at(-1)).toMatchObject({ reqId: id });
    const other = await h.call('GET', '/api/users', { cookie: h.cookies.support });
    expect(other.headers.get('x-request-id')).toMatch(uuid);
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });
});
