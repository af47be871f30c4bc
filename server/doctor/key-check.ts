import type { DoctorCheck } from '../../src/api/schemas/chat-service';
import { explainNetworkError } from './network';
import { regions, type Target } from './target';
import { header, isAnswer, type Answer, type Get } from './transport';

/** Whether the app answers in a region: `here`, `absent` (unknown app there) or `unknown`. */
export type LocateApp = (appId: string, region: string) => Promise<'here' | 'absent' | 'unknown'>;

/** The one GET the key check makes: a documented read with no parameters, cheap and harmless. */
export const keyProbe = '/roles';

const keyHint =
  'Put the REST API key of this app (dashboard → API & Auth Keys, scope fullAccess) in CHAT_API_KEY or CHAT_API_KEY_FILE; a key of another app is refused.';

/** Where else the app lives, for a wrong-region message; undefined when not found anywhere else. */
export async function otherRegion(target: Target, locate: LocateApp): Promise<string | undefined> {
  if (!target.appId || !target.region) return undefined;
  for (const region of regions) {
    if (region === target.region) continue;
    if ((await locate(target.appId, region)) === 'here') return region;
  }
  return undefined;
}

async function wrongApp(
  target: Target,
  locate: LocateApp,
  code: string,
): Promise<Omit<DoctorCheck, 'id' | 'group' | 'title'>> {
  if (target.appId && target.region) {
    const elsewhere = await otherRegion(target, locate);
    if (elsewhere) {
      return {
        status: 'fail',
        detail: `The app ${target.appId} is not in region ${target.region} (${code}); it answers in region ${elsewhere}.`,
        hint: `Set CHAT_REGION=${elsewhere}.`,
      };
    }
    return {
      status: 'fail',
      detail: `The service knows no app ${target.appId} in region ${target.region} (${code}), nor in the other regions.`,
      hint: "Check CHAT_APP_ID: it is the App ID on the app's dashboard (Credentials), letters and digits.",
    };
  }
  return {
    status: 'fail',
    detail: `The service does not know the app of this base URL (${code}).`,
    hint: 'Check the app id in CHAT_BASE_URL, or use CHAT_APP_ID and CHAT_REGION.',
  };
}

/** The verdict on one answer to the key probe; `pass` means the key works for full-access reads. */
async function judge(
  answer: Answer,
  target: Target,
  locate: LocateApp,
): Promise<Omit<DoctorCheck, 'id' | 'group' | 'title'>> {
  const { status, code } = answer;
  const said = code ? `HTTP ${status}, ${code}` : `HTTP ${status}`;
  if (status >= 200 && status < 300) {
    if (answer.json === undefined) {
      return {
        status: 'fail',
        detail: `GET ${keyProbe} answered ${status} but not with JSON: this base URL does not point at the chat API.`,
        hint: 'Check CHAT_BASE_URL.',
      };
    }
    return { status: 'pass', detail: `Accepted (GET ${keyProbe} answered ${status}).` };
  }
  switch (code) {
    case 'AUTH_ERR_APIKEY_NOT_FOUND':
      return {
        status: 'fail',
        detail: `The service does not know this API key (${said}).`,
        hint: keyHint,
      };
    case 'AUTH_ERR_EMPTY_APIKEY':
      return {
        status: 'fail',
        detail: `The service received an empty API key (${said}).`,
        hint: 'Set CHAT_API_KEY, or check that the file in CHAT_API_KEY_FILE holds the key.',
      };
    case 'AUTH_ERR_NO_ACCESS':
      return {
        status: 'fail',
        detail: `The key is valid but lacks the full-access scope (${said}): it is an authOnly key.`,
        hint: "Use a key with the fullAccess scope (the dashboard's REST API Key); authOnly keys can only log users in.",
      };
    case 'AUTH_ERR_INVALID_APPID':
    case 'AUTH_ERR_EMPTY_APPID':
      return wrongApp(target, locate, code);
    case 'ERR_API_NOT_FOUND':
      return target.url.pathname.replace(/\/+$/, '').endsWith('/v3')
        ? {
            status: 'fail',
            detail: `The service does not know GET ${keyProbe} (${said}): this base URL is not the Chat REST API v3.`,
            hint: 'Check CHAT_BASE_URL.',
          }
        : {
            status: 'fail',
            detail: `The service does not know GET ${keyProbe} (${said}) because the base URL lacks /v3.`,
            hint: `Set CHAT_BASE_URL to ${target.baseUrl.replace(/\/v\d+$/, '')}/v3.`,
          };
    case 'ERR_TOO_MANY_REQUESTS': {
      const wait = header(answer, 'retry-after');
      return {
        status: 'fail',
        detail: `The service is rate limiting this app (${said})${wait ? `; retry after ${wait} s` : ''}.`,
        hint: "Wait for the next minute; if it persists, something else uses this app's quota.",
      };
    }
  }
  if (code?.startsWith('AUTH_ERR_')) {
    return {
      status: 'fail',
      detail: `The service refused the credentials (${said}).`,
      hint: keyHint,
    };
  }
  if (status === 401) {
    return { status: 'fail', detail: `The service refused the key (${said}).`, hint: keyHint };
  }
  if (status === 403) {
    return {
      status: 'fail',
      detail: `Access refused (${said}) without the chat service's error: a proxy or firewall in between?`,
      hint: 'Check the network path to the service.',
    };
  }
  if (status >= 300 && status < 400) {
    return {
      status: 'fail',
      detail: `The service redirects (${said}); the console never follows redirects.`,
      hint: 'Check the scheme and host of the base URL (https, the regional host).',
    };
  }
  if (status === 404) {
    return {
      status: 'fail',
      detail: `GET ${keyProbe} is not found (${said}) and the answer is not the chat service's: the base URL points elsewhere.`,
      hint: 'Check CHAT_BASE_URL (https://{appId}.api-{region}.cometchat.io/v3).',
    };
  }
  return {
    status: 'fail',
    detail: `The service failed (${said}).`,
    hint:
      status >= 500 ? 'The service has a problem; try again later.' : 'Check the configuration.',
  };
}

/** The key check: one GET; a failure of the transport is explained like a network failure. */
export async function checkKey(
  get: Get,
  target: Target,
  locate: LocateApp,
): Promise<{ check: DoctorCheck; answer?: Answer }> {
  const base = { id: 'key', group: 'connection', title: 'API key' } as const;
  const result = await get(keyProbe);
  if (!isAnswer(result)) {
    const where = `${target.host}:${target.port}`;
    const code = result.failure === 'timeout' && !result.code ? 'ETIMEDOUT' : result.code;
    const explained =
      result.failure === 'too-large'
        ? {
            detail: `GET ${keyProbe} answered more than the console accepts.`,
            hint: 'Check CHAT_BASE_URL.',
          }
        : explainNetworkError(code, where);
    return {
      check: {
        ...base,
        status: 'fail',
        ...explained,
        detail: `Not checked: ${explained.detail}`,
        ms: result.ms,
      },
    };
  }
  return {
    check: { ...base, ...(await judge(result, target, locate)), ms: result.ms },
    answer: result,
  };
}
