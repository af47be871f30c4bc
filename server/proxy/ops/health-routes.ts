import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Runtime } from '../context';
import type { ReadinessOptions } from '../deps';
import { errorBody } from '../http/errors';
import type { UpstreamWatch } from './upstream-watch';

export const defaultReadiness: ReadinessOptions = {
  upstreamFreshMs: 60_000,
  probeTimeoutMs: 3_000,
  probeEveryMs: 5_000,
};

/**
 * `/healthz` (the process answers: no session, no store, nothing else) and `/readyz` (the store
 * answers a trivial query within `probeTimeoutMs`, and the chat service answered something within `upstreamFreshMs`, from a
 * forwarded call or a light probe, `GET /roles?perPage=1` with the server's key, sent only when no
 * call answered recently). Neither needs a session nor is audited; the gatekeeper's `Host` check
 * still applies, so a load balancer must send an allowed host name.
 */
export function createHealthApp(
  rt: Runtime,
  watch: UpstreamWatch,
  options: Partial<ReadinessOptions> = {},
): Hono<AppEnv> {
  const opts = { ...defaultReadiness, ...options };
  const app = new Hono<AppEnv>();
  let probing: Promise<void> | undefined;
  let lastProbeAt: number | undefined;

  const fresh = () => {
    const at = watch.lastAnswerAt();
    return at !== undefined && rt.now() - at < opts.upstreamFreshMs;
  };

  const probe = (): Promise<void> => {
    probing ??= (async () => {
      lastProbeAt = rt.now();
      const signal = AbortSignal.timeout(opts.probeTimeoutMs);
      const base = rt.deps.upstream.baseUrl.replace(/\/+$/, '');
      try {
        await rt.gate.run('(readiness probe)', signal, () =>
          rt.forward({
            method: 'GET',
            url: `${base}/roles?perPage=1`,
            headers: {
              accept: 'application/json',
              apikey: rt.deps.upstream.apiKey,
              'user-agent': 'chat-admin-console',
            },
            signal,
          }),
        );
      } catch {
        // No answer: the readiness answer says so; the reason is in the forwarder's own log.
      } finally {
        probing = undefined;
      }
    })();
    return probing;
  };

  /** A trivial query, answered within the probe's time (an unreachable PostgreSQL would hang). */
  const storeCheck = async (): Promise<string> => {
    const failed = 'the console store does not answer';
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        sql`SELECT 1`.execute(rt.deps.store.db).then(() => 'ok'),
        new Promise<string>(
          (resolve) => (timer = setTimeout(resolve, opts.probeTimeoutMs, failed)),
        ),
      ]);
    } catch {
      return failed;
    } finally {
      clearTimeout(timer);
    }
  };

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    // The store and the service are checked at the same time.
    const storeChecked = storeCheck();
    const mayProbe = lastProbeAt === undefined || rt.now() - lastProbeAt >= opts.probeEveryMs;
    if (!fresh() && (probing || mayProbe)) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        probing ?? probe(),
        new Promise((resolve) => (timer = setTimeout(resolve, opts.probeTimeoutMs))),
      ]);
      clearTimeout(timer);
    }
    const store = await storeChecked;
    const seconds = Math.round(opts.upstreamFreshMs / 1000);
    const upstream = fresh() ? 'ok' : `no answer from the chat service in the last ${seconds} s`;
    if (store === 'ok' && upstream === 'ok') {
      return c.json({ status: 'ready', checks: { store, upstream } });
    }
    const failing = [store === 'ok' ? '' : 'console store', upstream === 'ok' ? '' : 'chat service']
      .filter(Boolean)
      .join(' and ');
    return c.json(
      errorBody('CONSOLE_NOT_READY', `Not ready: ${failing}.`, { store, upstream }),
      503,
    );
  });
  return app;
}
