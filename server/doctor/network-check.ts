import type { DoctorCheck } from '../../src/api/schemas/chat-service';
import { otherRegion, type LocateApp } from './key-check';
import { errorCode, explainNetworkError, type Lookup, type NetworkProbe } from './network';
import { hostedHost, isIpAddress, type Target } from './target';

/** A name that resolves wherever DNS works, to tell "no such host" from "no DNS at all". */
export const controlHost = 'www.cometchat.com';

const certWarningDays = 14;
const dayMs = 86_400_000;

/**
 * Asks the service, without the key, whether it knows the app in a region: the app's regional host
 * must resolve, and its answer must not be AUTH_ERR_INVALID_APPID.
 */
export function createLocateApp(lookup: Lookup, fetchImpl: typeof fetch = fetch): LocateApp {
  return async (appId, region) => {
    const host = hostedHost(appId, region);
    try {
      await lookup(host);
    } catch {
      return 'absent';
    }
    try {
      const res = await fetchImpl(`https://${host}/v3/roles`, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      return text.includes('AUTH_ERR_INVALID_APPID') ? 'absent' : 'here';
    } catch {
      return 'unknown';
    }
  };
}

async function resolves(lookup: Lookup, host: string): Promise<boolean> {
  try {
    return (await lookup(host)).length > 0;
  } catch {
    return false;
  }
}

async function dnsFailure(
  target: Target,
  code: string | undefined,
  probe: NetworkProbe,
  locate: LocateApp,
): Promise<Pick<DoctorCheck, 'detail' | 'hint'>> {
  if (code === 'ENOTFOUND' || code === 'EAI_NONAME') {
    if (!(await resolves(probe.lookup, controlHost))) {
      return {
        detail: `DNS lookups fail here, even for ${controlHost} (${code}): no network, or no DNS server.`,
        hint: "Check this machine's network connection and DNS settings (and any proxy it needs).",
      };
    }
    if (target.appId && target.region) {
      const elsewhere = await otherRegion(target, locate);
      if (elsewhere) {
        return {
          detail: `${target.host} has no address (${code}): the app ${target.appId} is not in region ${target.region}; it answers in region ${elsewhere}.`,
          hint: `Set CHAT_REGION=${elsewhere}.`,
        };
      }
      return {
        detail: `${target.host} has no address (${code}): there is no app ${target.appId} in region ${target.region}, nor in the other regions.`,
        hint: "Check CHAT_APP_ID: it is the App ID on the app's dashboard (Credentials), letters and digits.",
      };
    }
  }
  return explainNetworkError(code, target.host);
}

/**
 * DNS, then a TCP (TLS for https) connection to the service's host. `reachable` is false when the
 * HTTP checks would only repeat the same failure.
 */
export async function checkNetwork(
  target: Target,
  probe: NetworkProbe,
  locate: LocateApp,
  timeoutMs: number,
): Promise<{ checks: DoctorCheck[]; reachable: boolean }> {
  const dnsBase = { id: 'dns', group: 'connection', title: 'DNS' } as const;
  const connectBase = {
    id: 'connect',
    group: 'connection',
    title: target.secure ? 'Connection (TCP + TLS)' : 'Connection (TCP)',
  } as const;
  let dns: DoctorCheck;
  if (isIpAddress(target.host)) {
    dns = { ...dnsBase, status: 'skip', detail: `Not needed: ${target.host} is an IP address.` };
  } else {
    const started = performance.now();
    try {
      const addresses = await probe.lookup(target.host);
      const n = addresses.length;
      dns = {
        ...dnsBase,
        status: 'pass',
        detail: `${target.host} resolves (${n} address${n === 1 ? '' : 'es'}).`,
        ms: performance.now() - started,
      };
    } catch (error) {
      const failure = await dnsFailure(target, errorCode(error), probe, locate);
      dns = { ...dnsBase, status: 'fail', ...failure };
      const skipped: DoctorCheck = {
        ...connectBase,
        status: 'skip',
        detail: 'Not checked: the host has no address.',
      };
      return { checks: [dns, skipped], reachable: false };
    }
  }

  const where = `${target.host}:${target.port}`;
  try {
    const connected = await probe.connect({
      host: target.host,
      port: target.port,
      secure: target.secure,
      timeoutMs,
    });
    const ms = Math.round(connected.ms);
    let connect: DoctorCheck = {
      ...connectBase,
      status: 'pass',
      detail: `Connected to ${where} in ${ms} ms.`,
      ms: connected.ms,
    };
    if (connected.tls) {
      const validTo = connected.tls.validTo;
      const until = validTo && !Number.isNaN(validTo.getTime()) ? validTo : undefined;
      const days = until ? Math.floor((until.getTime() - Date.now()) / dayMs) : undefined;
      connect = {
        ...connect,
        detail: `${connected.tls.protocol} to ${where} in ${ms} ms, certificate verified${until ? ` (valid until ${until.toISOString().slice(0, 10)})` : ''}.`,
      };
      if (days !== undefined && days < certWarningDays) {
        connect = {
          ...connect,
          status: 'warn',
          hint: `The service's certificate expires in ${days} day(s).`,
        };
      }
    }
    return { checks: [dns, connect], reachable: true };
  } catch (error) {
    const explained = explainNetworkError(errorCode(error), where);
    return { checks: [dns, { ...connectBase, status: 'fail', ...explained }], reachable: false };
  }
}
