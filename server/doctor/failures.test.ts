import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatServiceReport } from '../../src/api/schemas/chat-service';
import type { ForwardFn } from '../proxy/api/forward';
import type { NetworkProbe } from './network';
import { controlHost } from './network-check';
import { renderProblems, renderReport } from './render';
import { runDoctor } from './run-doctor';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const chatError = (code: string, message = 'refused') =>
  JSON.stringify({ error: { message, devMessage: message, source: 'chat-api', code } });

/** A local service answering every request with `reply(path)`, like the real service's errors. */
async function fakeService(
  reply: (path: string) => { status: number; body: string; headers?: Record<string, string> },
) {
  const server = createServer((req, res) => {
    const answer = reply(req.url ?? '/');
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const check = (report: ChatServiceReport, id: string) => report.checks.find((c) => c.id === id);
const apiKey = 'secret-key-that-must-not-show';

describe('runDoctor on a misconfigured or unreachable service', () => {
  it('names a key the service does not know (AUTH_ERR_APIKEY_NOT_FOUND, 404)', async () => {
    const origin = await fakeService(() => ({
      status: 404,
      body: chatError('AUTH_ERR_APIKEY_NOT_FOUND'),
    }));
    const report = await runDoctor({ baseUrl: `${origin}/v3`, apiKey });
    expect(check(report, 'connect')).toMatchObject({ status: 'pass' });
    expect(check(report, 'key')).toMatchObject({
      status: 'fail',
      detail: 'The service does not know this API key (HTTP 404, AUTH_ERR_APIKEY_NOT_FOUND).',
    });
    expect(report.ok).toBe(false);
    const text = renderReport(report);
    expect(text).toContain('✗ API key');
    expect(text).toMatch(/✗ Not usable: The service does not know this API key/);
    expect(text).not.toContain(apiKey);
  });

  it('names a key without the full-access scope (AUTH_ERR_NO_ACCESS, 403)', async () => {
    const origin = await fakeService(() => ({
      status: 403,
      body: chatError('AUTH_ERR_NO_ACCESS', `The key ${apiKey} cannot be used`),
    }));
    const report = await runDoctor({ baseUrl: `${origin}/v3`, apiKey });
    expect(check(report, 'key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(
        'lacks the full-access scope (HTTP 403, AUTH_ERR_NO_ACCESS)',
      ) as unknown,
      hint: expect.stringContaining('fullAccess') as unknown,
    });
    expect(JSON.stringify(report)).not.toContain(apiKey);
  });

  it('spots a base URL without /v3, from the configuration and from ERR_API_NOT_FOUND', async () => {
    const origin = await fakeService((path) =>
      path.startsWith('/v3/')
        ? {
            status: 200,
            body: '{"data":[],"meta":{"pagination":{"total":0,"count":0,"per_page":25,"current_page":1,"total_pages":0}}}',
          }
        : {
            status: 404,
            body: chatError(
              'ERR_API_NOT_FOUND',
              'The API endpoint is invalid. Please verify the API call.',
            ),
          },
    );
    const report = await runDoctor({ baseUrl: origin, apiKey });
    expect(check(report, 'config')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('does not end in /v3') as unknown,
      hint: `Set CHAT_BASE_URL to ${origin}/v3 (or use CHAT_APP_ID and CHAT_REGION).`,
    });
    expect(check(report, 'key')).toMatchObject({
      status: 'fail',
      detail:
        'The service does not know GET /roles (HTTP 404, ERR_API_NOT_FOUND) because the base URL lacks /v3.',
      hint: `Set CHAT_BASE_URL to ${origin}/v3.`,
    });
  });

  it('says nothing listens on an unused port (ECONNREFUSED), by probe and by transport', async () => {
    const baseUrl = `http://127.0.0.1:${await unusedPort()}/v3`;
    const probed = await runDoctor({ baseUrl, apiKey });
    expect(check(probed, 'connect')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(
        'refused the connection (ECONNREFUSED): nothing listens on that port',
      ) as unknown,
    });
    expect(check(probed, 'key')).toMatchObject({ status: 'skip' });

    const direct = await runDoctor({ baseUrl, apiKey, network: false });
    expect(check(direct, 'key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('(ECONNREFUSED)') as unknown,
    });
    expect(direct.verdict).toMatch(/^Not usable: /);
  });

  it('explains a TLS failure (https to a port that speaks plain HTTP)', async () => {
    const origin = await fakeService(() => ({ status: 200, body: '{}' }));
    const report = await runDoctor({ baseUrl: `${origin.replace('http:', 'https:')}/v3`, apiKey });
    expect(check(report, 'connect')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^TLS to 127\.0\.0\.1:\d+ failed/) as unknown,
      hint: expect.stringContaining('NODE_EXTRA_CA_CERTS') as unknown,
    });
  });

  it('reports a used-up quota from a 429 with its Retry-After', async () => {
    const origin = await fakeService(() => ({
      status: 429,
      body: chatError('ERR_TOO_MANY_REQUESTS'),
      headers: {
        'retry-after': '15',
        'x-rate-limit': '700',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': '1625143246',
      },
    }));
    const report = await runDoctor({ baseUrl: `${origin}/v3`, apiKey });
    expect(check(report, 'key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('retry after 15 s') as unknown,
    });
    expect(check(report, 'rate-limit')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('retry after 15 s') as unknown,
    });
  });

  it('fails a .invalid host at the DNS step', async () => {
    const report = await runDoctor({
      baseUrl: 'https://chat.example.invalid/v3',
      apiKey,
      locateApp: () => Promise.resolve('unknown'),
    });
    expect(check(report, 'dns')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) as unknown,
    });
    expect(check(report, 'key')).toMatchObject({ status: 'skip' });
  });
});

describe('runDoctor on the hosted service: app id and region', () => {
  const notFound = (host: string) =>
    Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  /** DNS that knows only `known` hosts; connections always succeed. */
  const network = (known: string[]): NetworkProbe => ({
    lookup: (host) =>
      known.includes(host)
        ? Promise.resolve([{ address: '192.0.2.1' }])
        : Promise.reject(notFound(host)),
    connect: () =>
      Promise.resolve({
        ms: 12,
        tls: { protocol: 'TLSv1.3', validTo: new Date(Date.now() + 90 * 86_400_000) },
      }),
  });
  const unusedForward: ForwardFn = () => Promise.reject(new Error('no HTTP expected'));

  it('a wrong app id: the host has no address, in no region, while DNS works', async () => {
    const report = await runDoctor({
      baseUrl: 'https://wrongapp.api-us.cometchat.io/v3',
      apiKey,
      forward: unusedForward,
      network: network([controlHost]),
      locateApp: () => Promise.resolve('absent'),
    });
    expect(report.target).toMatchObject({ appId: 'wrongapp', region: 'us' });
    expect(check(report, 'dns')).toMatchObject({
      status: 'fail',
      detail:
        'wrongapp.api-us.cometchat.io has no address (ENOTFOUND): there is no app wrongapp in region us, nor in the other regions.',
      hint: expect.stringContaining('Check CHAT_APP_ID') as unknown,
    });
  });

  it('a wrong region: the app answers in another one', async () => {
    const report = await runDoctor({
      baseUrl: 'https://abc123.api-us.cometchat.io/v3',
      apiKey,
      forward: unusedForward,
      network: network([controlHost]),
      locateApp: (_app, region) => Promise.resolve(region === 'eu' ? 'here' : 'absent'),
    });
    expect(check(report, 'dns')).toMatchObject({ status: 'fail', hint: 'Set CHAT_REGION=eu.' });
  });

  it('no network: even the control name does not resolve', async () => {
    const report = await runDoctor({
      baseUrl: 'https://abc123.api-us.cometchat.io/v3',
      apiKey,
      forward: unusedForward,
      network: network([]),
      locateApp: () => Promise.resolve('absent'),
    });
    expect(check(report, 'dns')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('no network, or no DNS server') as unknown,
    });
  });

  it('AUTH_ERR_INVALID_APPID: names the region the app is in, or the app id', async () => {
    const forward: ForwardFn = () =>
      Promise.resolve({
        status: 401,
        headers: {},
        body: new Uint8Array(Buffer.from(chatError('AUTH_ERR_INVALID_APPID'))),
      });
    const host = 'abc123.api-in.cometchat.io';
    const elsewhere = await runDoctor({
      baseUrl: `https://${host}/v3`,
      apiKey,
      forward,
      network: network([host, controlHost]),
      locateApp: (_app, region) => Promise.resolve(region === 'us' ? 'here' : 'absent'),
    });
    expect(check(elsewhere, 'dns')).toMatchObject({ status: 'pass' });
    expect(check(elsewhere, 'connect')).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('TLSv1.3') as unknown,
    });
    expect(check(elsewhere, 'key')).toMatchObject({
      status: 'fail',
      detail:
        'The app abc123 is not in region in (AUTH_ERR_INVALID_APPID); it answers in region us.',
      hint: 'Set CHAT_REGION=us.',
    });

    const nowhere = await runDoctor({
      baseUrl: `https://${host}/v3`,
      apiKey,
      forward,
      network: network([host, controlHost]),
      locateApp: () => Promise.resolve('absent'),
    });
    expect(check(nowhere, 'key')).toMatchObject({
      status: 'fail',
      hint: expect.stringContaining('Check CHAT_APP_ID') as unknown,
    });
    expect(renderProblems(nowhere)).toContain(
      '✗ API key: The service knows no app abc123 in region in',
    );
  });

  it('an unknown region in the host name', async () => {
    const report = await runDoctor({
      baseUrl: 'https://abc123.api-mars.cometchat.io/v3',
      apiKey,
      forward: unusedForward,
      network: false,
    });
    expect(check(report, 'config')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('"mars" does not exist') as unknown,
    });
  });
});
