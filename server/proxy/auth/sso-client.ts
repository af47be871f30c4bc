import * as oidc from 'openid-client';
import type { SsoSettings } from './sso-settings';

/** A sign-in's checks: what the provider's answer must carry back. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SsoClient {
  /** Fresh random checks for a new sign-in. */
  newChecks(): SignInChecks;
  /** Where to send the browser: the provider's authorization endpoint with PKCE, state and nonce. */
  authorizationUrl(redirectUri: string, checks: SignInChecks): Promise<URL>;
  /**
   * Redeems the code of the provider's answer (`callbackUrl`: the redirect URI with the answer's
   * query) and validates the ID token (issuer, audience, signature, expiry, nonce); its claims.
   */
  redeem(callbackUrl: URL, checks: SignInChecks): Promise<Record<string, unknown>>;
  /** The provider's sign-out page, when it has one (RP-initiated logout). */
  signOutUrl(afterSignOut: string): Promise<URL | undefined>;
}

/**
 * The console as an OpenID Connect client of one provider. The provider's metadata is read on
 * first use and again after a failure, so a provider that is down at start does not stop the console.
 * `clockSkewSeconds` tells the console's own clock from the machine's (tests move the console's).
 */
export function createSsoClient(
  settings: SsoSettings,
  opts: { clockSkewSeconds?: () => number } = {},
): SsoClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { [oidc.clockSkew]: Math.round(opts.clockSkewSeconds?.() ?? 0) },
        oidc.ClientSecretPost(settings.clientSecret),
        {
          timeout: 10,
          // Only a provider on this machine may be plain http (see readSignInSettings).
          execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    newChecks: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),
    async authorizationUrl(redirectUri, checks) {
      const config = await discover();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async redeem(callbackUrl, checks) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider answered without an ID token.');
      return { ...claims };
    },
    async signOutUrl(afterSignOut) {
      const config = await discover();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(config, {
        client_id: settings.clientId,
        post_logout_redirect_uri: afterSignOut,
      });
    },
  };
}
