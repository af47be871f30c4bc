import { z } from 'zod';
import { operatorRoleSchema, type OperatorRole } from '../../../src/api/schemas/session';
import { invalidConfiguration, readSecretFile } from '../../env-rules';

const operatorRoles = operatorRoleSchema.options;

/** Single sign-on with an OpenID Connect provider (authorization code, PKCE, state and nonce). */
export interface SsoSettings {
  /** The provider's issuer URL; its discovery document is read on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that lists the user's groups (`groups`). */
  roleClaim: string;
  /** Provider group → console role; a user in several mapped groups gets the strongest role. */
  roles: ReadonlyMap<string, OperatorRole>;
  /** Asked of the provider (`openid profile email`; add the one that releases the groups claim). */
  scopes: string;
  /** Shown on the sign-in button. */
  label: string;
}

export interface SignInSettings {
  sso: SsoSettings | undefined;
  /** False when only single sign-on may be used (the one-time link printed at start still works). */
  passwordSignIn: boolean;
}

/**
 * `CONSOLE_OIDC_ROLES="admin=console-admins,moderator=t-and-s|t-and-s-leads,support=support"`: each
 * role with the provider groups that grant it (several separated by `|`).
 */
export function parseRoleMap(text: string): Map<string, OperatorRole> {
  const map = new Map<string, OperatorRole>();
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const [role = '', groups = ''] = pair.split('=', 2).map((part) => part.trim());
    const known = operatorRoles.find((r) => r === role);
    if (!known) {
      throw invalidConfiguration([
        `CONSOLE_OIDC_ROLES: "${role}" is not a console role (${operatorRoles.join(', ')})`,
      ]);
    }
    const names = groups
      .split('|')
      .map((g) => g.trim())
      .filter(Boolean);
    if (names.length === 0) {
      throw invalidConfiguration([`CONSOLE_OIDC_ROLES: "${role}=" names no group`]);
    }
    for (const group of names) {
      const already = map.get(group);
      if (already && already !== known) {
        throw invalidConfiguration([
          `CONSOLE_OIDC_ROLES: group "${group}" is mapped to both ${already} and ${known}`,
        ]);
      }
      map.set(group, known);
    }
  }
  if (map.size === 0) {
    throw invalidConfiguration([
      'CONSOLE_OIDC_ROLES: required with CONSOLE_OIDC_ISSUER, e.g. "admin=console-admins,moderator=moderators,support=support"',
    ]);
  }
  return map;
}

function readSecret(source: NodeJS.ProcessEnv): string | undefined {
  if (source.CONSOLE_OIDC_CLIENT_SECRET) return source.CONSOLE_OIDC_CLIENT_SECRET;
  const file = source.CONSOLE_OIDC_CLIENT_SECRET_FILE;
  if (!file) return undefined;
  const what = 'the secret';
  return (
    readSecretFile('CONSOLE_OIDC_CLIENT_SECRET_FILE', file, { what, schema: z.string() }) ||
    undefined
  );
}

function issuerUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidConfiguration([`CONSOLE_OIDC_ISSUER: "${text}" is not a URL`]);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw invalidConfiguration([
      'CONSOLE_OIDC_ISSUER: must be an https URL (http only on this machine)',
    ]);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw invalidConfiguration([
      'CONSOLE_OIDC_ISSUER: must not carry credentials, a query or a fragment',
    ]);
  }
  return url.href.replace(/\/$/, '');
}

/** Reads the sign-in settings; throws one readable list of what is wrong. */
export function readSignInSettings(source: NodeJS.ProcessEnv): SignInSettings {
  const passwordText = (source.CONSOLE_PASSWORD_SIGN_IN ?? 'on').trim().toLowerCase();
  if (!['on', 'off'].includes(passwordText)) {
    throw invalidConfiguration(['CONSOLE_PASSWORD_SIGN_IN: must be on or off']);
  }
  const passwordSignIn = passwordText === 'on';
  const issuer = source.CONSOLE_OIDC_ISSUER?.trim();
  if (!issuer) {
    if (!passwordSignIn) {
      throw invalidConfiguration([
        'CONSOLE_PASSWORD_SIGN_IN=off needs single sign-on (CONSOLE_OIDC_ISSUER), or nobody could sign in',
      ]);
    }
    return { sso: undefined, passwordSignIn };
  }
  const clientSecret = readSecret(source);
  const missing = [
    source.CONSOLE_OIDC_CLIENT_ID ? undefined : 'CONSOLE_OIDC_CLIENT_ID',
    clientSecret ? undefined : 'CONSOLE_OIDC_CLIENT_SECRET (or CONSOLE_OIDC_CLIENT_SECRET_FILE)',
  ].filter((name) => name !== undefined);
  if (missing.length > 0) {
    throw invalidConfiguration(missing.map((name) => `${name}: required with CONSOLE_OIDC_ISSUER`));
  }
  return {
    passwordSignIn,
    sso: {
      issuer: issuerUrl(issuer),
      clientId: source.CONSOLE_OIDC_CLIENT_ID ?? '',
      clientSecret: clientSecret ?? '',
      roleClaim: source.CONSOLE_OIDC_ROLE_CLAIM?.trim() || 'groups',
      roles: parseRoleMap(source.CONSOLE_OIDC_ROLES ?? ''),
      scopes: source.CONSOLE_OIDC_SCOPES?.trim() || 'openid profile email',
      label: source.CONSOLE_OIDC_LABEL?.trim() || 'single sign-on',
    },
  };
}

const strength: Record<OperatorRole, number> = { support: 1, moderator: 2, admin: 3 };

/**
 * The console role the provider's claims grant: the strongest role of any mapped group, or undefined
 * when no group is mapped. The claim may be a list of names or one name.
 */
export function roleFromClaims(
  claims: Readonly<Record<string, unknown>>,
  settings: Pick<SsoSettings, 'roleClaim' | 'roles'>,
): OperatorRole | undefined {
  const value = claims[settings.roleClaim];
  const groups = Array.isArray(value) ? value : [value];
  let best: OperatorRole | undefined;
  for (const group of groups) {
    if (typeof group !== 'string') continue;
    const role = settings.roles.get(group);
    if (role && (!best || strength[role] > strength[best])) best = role;
  }
  return best;
}
