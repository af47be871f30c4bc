import { readOperations } from '../../src/api/contract/responses';
import {
  chatServiceReportSchema,
  type ChatServiceReport,
  type DoctorCheck,
} from '../../src/api/schemas/chat-service';
import { createPoolForward, defaultTimeouts, type ForwardFn } from '../proxy/api/forward';
import { checkKey, type LocateApp } from './key-check';
import { systemNetwork, type NetworkProbe } from './network';
import { checkNetwork, createLocateApp } from './network-check';
import { checkReads } from './reads';
import { checkConfig, reportTarget } from './target';
import { checkRateLimit, checkRoundTrip } from './timing-checks';
import { createGet, fetchForward } from './transport';
import { verdictOf } from './verdict';

export interface DoctorOptions {
  /** The chat service's base URL, ending in `/v3`. */
  baseUrl: string;
  /** Sent as `apikey`; never part of the report. */
  apiKey: string;
  /** The transport to use (the console server's own); otherwise `fetch`, otherwise an undici Pool. */
  forward?: ForwardFn;
  fetch?: typeof fetch;
  /** DNS and TCP/TLS probes; `false` leaves them out (an in-process service has no network). */
  network?: NetworkProbe | false;
  /** Finds the app in another region, for a wrong-region message; asks without the key. */
  locateApp?: LocateApp;
  /** `key`: configuration, network and the one GET of the key check only (for `npm start`). */
  scope?: 'full' | 'key';
  /** Connect timeout of the network probe. */
  timeoutMs?: number;
  now?: () => number;
}

const skipped = (
  id: string,
  title: string,
  detail: string,
  group: DoctorCheck['group'] = 'connection',
): DoctorCheck => ({
  id,
  group,
  title,
  status: 'skip',
  detail,
});

/** The report with every occurrence of the key removed, should any text ever have picked it up. */
function withoutKey(report: ChatServiceReport, apiKey: string): ChatServiceReport {
  if (apiKey.length < 4) return report;
  const text = JSON.stringify(report);
  if (!text.includes(apiKey)) return report;
  return chatServiceReportSchema.parse(JSON.parse(text.split(apiKey).join('[key]')));
}

/**
 * Checks the chat service the way the console uses it, with GETs only: configuration, DNS, TCP/TLS,
 * the key, round-trip time, rate-limit headroom, and every read the console makes parsed with its
 * schema. Never throws for a service problem: every problem is a failed check with a hint.
 */
export async function runDoctor(opts: DoctorOptions): Promise<ChatServiceReport> {
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const started = performance.now();
  const checks: DoctorCheck[] = [];
  const finish = (target: ReturnType<typeof reportTarget>): ChatServiceReport => {
    const { ok, verdict } = verdictOf(checks);
    return withoutKey(
      {
        target,
        checkedAt: new Date(startedAt).toISOString(),
        durationMs: Math.round(performance.now() - started),
        ok,
        verdict,
        checks,
      },
      opts.apiKey,
    );
  };

  const config = checkConfig(opts.baseUrl);
  checks.push(config.check);
  const target = config.target;
  if (!target) return finish(reportTarget(undefined));

  const network = opts.network ?? systemNetwork;
  const locate: LocateApp =
    opts.locateApp ??
    (network ? createLocateApp(network.lookup, opts.fetch) : () => Promise.resolve('unknown'));
  const skipRest = (reason: string, rateLimit?: DoctorCheck) => {
    if (opts.scope === 'key') return;
    checks.push(skipped('round-trip', 'Round-trip time', reason));
    checks.push(rateLimit ?? skipped('rate-limit', 'Rate-limit headroom', reason));
    for (const name of readOperations) checks.push(skipped(`read:${name}`, name, reason, 'reads'));
  };

  if (network) {
    const probed = await checkNetwork(
      target,
      network,
      locate,
      opts.timeoutMs ?? defaultTimeouts.connectMs,
    );
    checks.push(...probed.checks);
    if (!probed.reachable) {
      const reason = 'Not checked: the service cannot be reached.';
      checks.push(skipped('key', 'API key', reason));
      skipRest(reason);
      return finish(reportTarget(target));
    }
  }

  const pool =
    opts.forward || opts.fetch ? undefined : createPoolForward(target.baseUrl, defaultTimeouts);
  const forward = opts.forward ?? (opts.fetch ? fetchForward(opts.fetch) : pool?.forward);
  if (!forward) throw new Error('no transport');
  try {
    const get = createGet(forward, target.baseUrl, opts.apiKey);
    const key = await checkKey(get, target, locate);
    checks.push(key.check);
    if (key.check.status !== 'pass' || !key.answer) {
      skipRest(
        'Not checked: the key check failed.',
        key.answer ? checkRateLimit([key.answer]) : undefined,
      );
    } else if (opts.scope !== 'key') {
      const reads = await checkReads(get);
      checks.push(checkRoundTrip(key.answer, reads.answers));
      checks.push(checkRateLimit([key.answer, ...reads.answers]));
      checks.push(...reads.checks);
    }
    return finish(reportTarget(target));
  } finally {
    await pool?.close();
  }
}
