import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** The test provider's users: sign-in name → the claims its ID tokens carry. */
export const testIdentities: Record<string, { email: string; groups: string[] }> = {
  lena: { email: 'lena@example.test', groups: ['console-admins', 'staff'] },
  omar: { email: 'omar@example.test', groups: ['trust-and-safety'] },
  sue: { email: 'sue@example.test', groups: ['support-desk'] },
  nobody: { email: 'nobody@example.test', groups: ['marketing'] },
};

/** The mapping the tests configure (CONSOLE_OIDC_ROLES). */
export const testRoleMapping =
  'admin=console-admins,moderator=trust-and-safety,support=support-desk';

export const testClient = { id: 'chat-admin-console', secret: 'test-client-secret-0123456789' };

export interface TestIdentityProvider {
  issuer: string;
  /** Times the provider's token endpoint answered, by outcome. */
  tokenRequests: { ok: number; refused: number };
  /** Seconds the provider's clock is off when it issues tokens (negative: slow, so they expire early). */
  setClockOffset(seconds: number): void;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const loginForm = (uid: string, error = '') =>
  page(
    'Example identity provider',
    `${error ? `<p role="alert">${error}</p>` : ''}<form method="post" action="/interaction/${uid}/login">` +
      '<label>User name <input name="login" autocomplete="username" required></label>' +
      '<button type="submit">Sign in</button></form>',
  );

async function formField(req: IncomingMessage, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(name) ?? '';
}

/**
 * A real OpenID provider (oidc-provider) on loopback for the console's single sign-on tests: one
 * confidential client, PKCE required, a sign-in form that takes a user name from `testIdentities`
 * (no password), consent given, RP-initiated logout on.
 */
export async function startIdentityProvider(opts: {
  /** Where the console is reached: its callback and sign-out return are registered from it. */
  consoleOrigins: readonly string[];
  port?: number;
}): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: testClient.id,
        client_secret: testClient.secret,
        redirect_uris: opts.consoleOrigins.map((origin) => `${origin}/auth/sso/callback`),
        post_logout_redirect_uris: opts.consoleOrigins.map((origin) => `${origin}/sign-in`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    pkce: { required: () => true },
    // The groups claim in the ID token itself, as the console reads it.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['preferred_username', 'groups'], email: ['email'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const identity = testIdentities[id];
      if (!identity) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, preferred_username: id, ...identity }),
      };
    },
    // Consent is given: the console is the company's own application.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const tokenRequests = { ok: 0, refused: 0 };
  provider.on('grant.success', () => (tokenRequests.ok += 1));
  provider.on('grant.error', () => (tokenRequests.refused += 1));
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginForm(details.uid));
      return;
    }
    const login = path.endsWith('/login') ? await formField(req, 'login') : '';
    if (!testIdentities[login]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginForm(details.uid, 'No such user.'));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    );
  };

  let clockOffsetMs = 0;
  const setClockOffset = (seconds: number) => (clockOffsetMs = seconds * 1000);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const path = url.pathname;
    // For browser tests in another process: POST /__test/clock-offset?seconds=-7200.
    if (path === '/__test/clock-offset' && req.method === 'POST') {
      setClockOffset(Number(url.searchParams.get('seconds') ?? 0));
      res.writeHead(204).end();
      return;
    }
    // A provider with a wrong clock: only its token endpoint reads the moved time, so the ID token
    // it signs carries that time; its sign-in pages and cookies keep the real one.
    if (path === '/token' && clockOffsetMs !== 0) {
      const realNow = Date.now;
      const offset = clockOffsetMs;
      Date.now = () => realNow() + offset;
      res.once('close', () => (Date.now = realNow));
    }
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    tokenRequests,
    setClockOffset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
