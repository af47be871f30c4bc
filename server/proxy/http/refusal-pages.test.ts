import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInToken } from '../auth/operators';
import { createHarness, testHost, type Harness } from '../test-support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** What Chromium sends when the address bar opens `path`. */
const navigate = (path: string) =>
  h.app.request(path, {
    headers: {
      host: testHost,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    },
  });
/** What the SPA's transport sends. */
const fetchJson = (path: string) =>
  h.app.request(path, { headers: { host: testHost, accept: 'application/json' } });

async function expectPage(res: Response, status: number, heading: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await res.text();
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toMatch(heading);
  expect(html).toContain('<a ');
  expect(html).not.toContain('"error"');
  expect(html).not.toContain('<script');
  // A page with no scripts, no outside resources and no form can be nothing but read.
  expect(res.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(res.headers.get('cache-control')).toBe('no-store');
  return html;
}

describe('a refused page address opened in the browser', () => {
  it('answers a page with the status, and forwards nothing', async () => {
    h.upstream.seen.length = 0;
    await expectPage(
      await navigate('/users/a%2Fb'),
      400,
      /<h1>This address cannot be opened<\/h1>/,
    );
    await expectPage(
      await navigate('/groups/..%2Fusers/banned'),
      400,
      /<h1>This address cannot be opened<\/h1>/,
    );
    expect(h.upstream.seen).toEqual([]);
  });

  it('carries nothing of the request it refused', async () => {
    const html = await expectPage(await navigate('/users/zqxv%2Fwyk?q=plmo'), 400, /<h1>/);
    for (const echo of ['zqxv', 'wyk', 'plmo']) expect(html).not.toContain(echo);
  });

  it('answers a page for an unknown file, and for a host this console does not serve', async () => {
    await expectPage(await navigate('/no-such-file.php'), 404, /<h1>Page not found<\/h1>/);
    const misdirected = await h.app.request('/users', {
      headers: { host: 'evil.example', accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    await expectPage(misdirected, 421, /<h1>This console is not served at this address<\/h1>/);
  });

  it('keeps the JSON envelope for the API, whoever asks', async () => {
    for (const res of [
      await fetchJson('/users/a%2Fb'),
      await navigate('/api/users/a%2Fb'),
      await navigate('/console/queue/claims/..%2Fx'),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_BAD_REQUEST' } });
    }
    const unknown = await fetchJson('/no-such-file.php');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'CONSOLE_NOT_FOUND' } });
  });
});

describe('a spent one-time sign-in link opened in the browser', () => {
  it('says the link cannot be used and how to sign in, with no session', async () => {
    const token = await createSignInToken(h.store, 'admin', { now: h.clock.now });
    expect((await navigate(`/auth/one-time?token=${token}`)).status).toBe(303);
    const again = await navigate(`/auth/one-time?token=${token}`);
    const html = await expectPage(again, 401, /<h1>This sign-in link cannot be used<\/h1>/);
    expect(html).toContain('used');
    expect(html).toContain('href="/sign-in"');
    expect(html).not.toContain(token);
    expect(again.headers.get('set-cookie')).toBeNull();
    // The refusal is audited as before.
    const denied = (await h.auditRows()).filter(
      (r) => r.action === 'auth.one-time' && r.outcome === 'denied',
    );
    expect(denied.length).toBeGreaterThan(0);
  });

  it('still answers JSON to a call that asks for it', async () => {
    const res = await fetchJson('/auth/one-time?token=x');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_UNAUTHENTICATED' } });
  });
});
