import { z } from 'zod';
import type { AuditListParams } from '@/api/console';
import { deleteOperation, reviewOperation } from './audit-entry';

/**
 * The operator-actions filters as they live in the URL, named apart from the queue's own filters:
 * `?act=delete&by=mo&since=2026-11-01&until=2026-11-21&page=2` (calendar days, local).
 */
export interface AuditFilters {
  action: 'review' | 'delete';
  operator: string;
  from: string;
  to: string;
  page: number;
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const schema = z.object({
  action: z.enum(['review', 'delete']).catch('review'),
  operator: z.string().trim().toLowerCase().max(100).catch(''),
  from: z.string().regex(day).catch(''),
  to: z.string().regex(day).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  return schema.parse({
    action: params.get('act') ?? undefined,
    operator: params.get('by') ?? '',
    from: params.get('since') ?? '',
    to: params.get('until') ?? '',
    page: params.get('page') ?? '1',
  });
}

export function writeAuditFilters(params: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<string, string> = {
    act: filters.action === 'review' ? '' : filters.action,
    by: filters.operator.trim(),
    since: filters.from,
    until: filters.to,
    page: filters.page > 1 ? String(filters.page) : '',
  };
  for (const [key, value] of Object.entries(values)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Local calendar days become the instants the console server filters on: the start of `from`, the end of `to`. */
export function toAuditParams(filters: AuditFilters, perPage: number): AuditListParams {
  const params: AuditListParams = {
    operation: filters.action === 'review' ? reviewOperation : deleteOperation,
    page: filters.page,
    perPage,
  };
  if (filters.operator) params.operator = filters.operator;
  if (filters.from) params.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) params.to = new Date(`${filters.to}T23:59:59.999`).toISOString();
  return params;
}
