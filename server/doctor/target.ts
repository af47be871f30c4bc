import { isIP } from 'node:net';
import type { ChatServiceReport, DoctorCheck } from '../../src/api/schemas/chat-service';

export const regions = ['us', 'eu', 'in'] as const;

/** The configured service, as far as the base URL tells. */
export interface Target {
  url: URL;
  /** The base URL without credentials or trailing slash. */
  baseUrl: string;
  host: string;
  port: number;
  secure: boolean;
  /** From `{appId}.api-{region}.cometchat.io`; undefined for any other host. */
  appId?: string;
  region?: string;
}

const hostedPattern = /^([a-z0-9]+)\.api-([a-z0-9]+)\.cometchat\.io$/i;

export const hostedHost = (appId: string, region: string) => `${appId}.api-${region}.cometchat.io`;

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host.startsWith('127.');

/** The host without IPv6 brackets, as DNS and sockets want it. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

export const isIpAddress = (host: string) => isIP(host) !== 0;

export function reportTarget(target: Target | undefined): ChatServiceReport['target'] {
  if (!target) return { baseUrl: '(not a URL)', host: '' };
  return { baseUrl: target.baseUrl, host: target.host, appId: target.appId, region: target.region };
}

/**
 * Reads the base URL: the first check of the report. A URL that cannot be used at all ends the run;
 * a path without `/v3` is reported here and confirmed later by the service's own answer.
 */
export function checkConfig(baseUrl: string): { target?: Target; check: DoctorCheck } {
  const base = { id: 'config', group: 'connection', title: 'Configuration' } as const;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return {
      check: {
        ...base,
        status: 'fail',
        detail: 'The base URL is not a URL.',
        hint: 'Set CHAT_APP_ID and CHAT_REGION, or CHAT_BASE_URL to https://{appId}.api-{region}.cometchat.io/v3.',
      },
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      check: {
        ...base,
        status: 'fail',
        detail: `The base URL uses ${url.protocol}, not https: or http:.`,
        hint: 'Set CHAT_BASE_URL to https://{appId}.api-{region}.cometchat.io/v3.',
      },
    };
  }
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  const clean = `${url.origin}${path}`;
  const host = bareHost(url.hostname);
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const hosted = hostedPattern.exec(host);
  const target: Target = {
    url,
    baseUrl: clean,
    host,
    port,
    secure,
    appId: hosted?.[1],
    region: hosted?.[2]?.toLowerCase(),
  };
  const where = target.appId
    ? `app ${target.appId}, region ${target.region}`
    : 'a compatible service';

  if (target.region && !(regions as readonly string[]).includes(target.region)) {
    return {
      target,
      check: {
        ...base,
        status: 'fail',
        detail: `The region "${target.region}" does not exist; the service runs in us, eu and in.`,
        hint: "Set CHAT_REGION to the region shown on the app's dashboard (us, eu or in).",
      },
    };
  }
  if (!path.endsWith('/v3')) {
    return {
      target,
      check: {
        ...base,
        status: 'fail',
        detail: `The base URL ${clean} does not end in /v3: the console speaks the Chat REST API v3.`,
        hint: `Set CHAT_BASE_URL to ${url.origin}${path.replace(/\/v\d+$/, '')}/v3 (or use CHAT_APP_ID and CHAT_REGION).`,
      },
    };
  }
  if (!secure && !isLoopback(host)) {
    return {
      target,
      check: {
        ...base,
        status: 'warn',
        detail: `${clean} (${where}) is plain HTTP: the API key crosses the network unencrypted.`,
        hint: 'Use https.',
      },
    };
  }
  return { target, check: { ...base, status: 'pass', detail: `${clean} (${where})` } };
}
