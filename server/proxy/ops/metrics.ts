import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditOutcome } from '../../../src/api/schemas/console';
import type { UpstreamCall } from './upstream-watch';

/** What the gauges read at scrape time. */
export interface MetricSources {
  activeSessions: () => number | Promise<number>;
  gate: () => { inFlight: number; queued: number };
}

export const statusClass = (status: number | undefined) =>
  status === undefined ? 'none' : `${Math.floor(status / 100)}xx`;

/**
 * The console's Prometheus metrics, on a registry of their own (never prom-client's global one, so
 * several console apps in one process keep apart). Every label value comes from a closed set: the
 * catalogue's operation names, the console's route templates, HTTP statuses, the three roles,
 * audit outcomes. No user id, uid, username, raw path or secret ever becomes a label.
 */
export function createConsoleMetrics(opts: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricSources | undefined;

  const requests = new Counter({
    name: 'console_requests_total',
    help: 'Requests answered by the console server, by operation (catalogue name or route template), status and operator role.',
    labelNames: ['operation', 'code', 'class', 'role'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'console_upstream_request_duration_seconds',
    help: 'Time of each call to the chat service until its answer (or failure), by operation and status class.',
    labelNames: ['operation', 'class'] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const upstreamRateLimited = new Counter({
    name: 'console_upstream_rate_limited_total',
    help: 'Answers 429 (rate limited) of the chat service, by operation.',
    labelNames: ['operation'] as const,
    registers,
  });
  const auditWrites = new Counter({
    name: 'console_audit_writes_total',
    help: 'Audit rows written with their final outcome (ok, refused, failed, unknown, denied).',
    labelNames: ['outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'console_active_sessions',
    help: 'Operator sessions that can still be used, read from the console store at scrape time.',
    registers,
    async collect() {
      if (sources) this.set(await sources.activeSessions());
    },
  });
  new Gauge({
    name: 'console_upstream_gate_queued',
    help: 'Calls waiting for their turn at the upstream gate.',
    registers,
    collect() {
      if (sources) this.set(sources.gate().queued);
    },
  });
  new Gauge({
    name: 'console_upstream_gate_in_flight',
    help: 'Calls to the chat service in flight through the upstream gate.',
    registers,
    collect() {
      if (sources) this.set(sources.gate().inFlight);
    },
  });

  return {
    registry,
    /** The console app this registry describes (its store and gate); the last one bound wins. */
    bind(next: MetricSources) {
      sources = next;
    },
    request(operation: string, status: number, role: string) {
      requests.inc({ operation, code: String(status), class: statusClass(status), role });
    },
    upstream(call: UpstreamCall) {
      upstreamDuration.observe(
        { operation: call.operation, class: statusClass(call.status) },
        call.seconds,
      );
      if (call.status === 429) upstreamRateLimited.inc({ operation: call.operation });
    },
    audit(outcome: Exclude<AuditOutcome, 'pending'>) {
      auditWrites.inc({ outcome });
    },
  };
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;
