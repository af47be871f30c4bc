import type { ChatOperation } from '../../../src/api/contract/operations';
import type { AuditTargets } from '../../../src/api/schemas/console';
import { paramClasses } from '../../../src/api/contract/param-classes';
import { canonicalPath } from './api-target';
import type { LeaveSignal, UpstreamRequest } from './forward';

/** Page sizes the console needs; the service allows up to 1000, which only costs quota. */
const pageSizeCaps: Readonly<Record<string, number>> = { perPage: 100, limit: 100 };

/** Rebuilds the query from decoded pairs, capping page sizes. */
export function upstreamQuery(query: readonly [string, string][]): string {
  if (query.length === 0) return '';
  const params = new URLSearchParams();
  for (const [name, value] of query) {
    const cap = pageSizeCaps[name];
    params.append(
      name,
      cap !== undefined && /^\d+$/.test(value) && Number(value) > cap ? String(cap) : value,
    );
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Checks the operation's required query parameters; returns the first problem. */
export function missingQuery(
  op: ChatOperation,
  query: readonly [string, string][],
): string | undefined {
  for (const [name, cls] of Object.entries(op.requiredQuery ?? {})) {
    const values = query.filter(([key]) => key === name);
    const value = values[0]?.[1];
    if (values.length !== 1 || value === undefined || !paramClasses[cls](value)) return name;
  }
  return undefined;
}

/**
 * The upstream request, built from nothing but validated parts: fixed base URL, canonical path,
 * rebuilt query, the server's key, and `onBehalfOf` only where the operation takes it.
 */
export function buildUpstreamRequest(input: {
  baseUrl: string;
  apiKey: string;
  op: ChatOperation;
  segments: readonly string[];
  query: readonly [string, string][];
  onBehalfOf: string | undefined;
  body: unknown;
  signal: LeaveSignal | undefined;
}): UpstreamRequest {
  const headers: Record<string, string> = {
    accept: 'application/json',
    apikey: input.apiKey,
    'user-agent': 'chat-admin-console',
  };
  if (input.op.onBehalfOf && input.onBehalfOf !== undefined) headers.onBehalfOf = input.onBehalfOf;
  let body: string | undefined;
  if (input.op.body === 'json' && input.body !== undefined) {
    headers['content-type'] = 'application/json';
    // Re-serialised, so duplicate keys or odd spacing cannot be read differently upstream.
    body = JSON.stringify(input.body);
  }
  const url = `${input.baseUrl.replace(/\/+$/, '')}${canonicalPath(input.segments)}${upstreamQuery(input.query)}`;
  return {
    method: input.op.method,
    url,
    headers,
    body,
    signal: input.signal,
    operation: input.op.name,
  };
}

/** `{ id: '42', reaction: '👍' }`, the targets of an operation for the audit trail. */
export function describeTargets(
  op: ChatOperation,
  params: Readonly<Record<string, string>>,
  query: readonly [string, string][],
  body: unknown,
): AuditTargets {
  const targets: AuditTargets = { ...params };
  for (const name of Object.keys(op.requiredQuery ?? {})) {
    const value = query.find(([key]) => key === name)?.[1];
    if (value !== undefined) targets[name] = value;
  }
  return { ...targets, ...op.bodyTargets?.(body) };
}
