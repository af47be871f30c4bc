import { z } from '@/api/zod';
import type { AuditListParams } from '@/api/console';
import type { OperationName } from '@/api/contract/operations';
import { auditQuerySchema } from '@/api/schemas/console';
import type { FilterRules } from '@/utils/filter-rules';
import { pageParam, type ListState } from '@/utils/list-state';
import {
  banOperation,
  deleteOperation,
  flagReviewOperation,
  reviewOperation,
  unbanOperation,
} from './audit-entry';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .catch('');

/**
 * The operator-actions filters as they live in the URL, named apart from the queue's own filters:
 * `?act=delete&by=mo&since=2026-11-01&until=2026-11-21&page=2` (calendar days, local).
 */
export const operatorActionParams = z.object({
  act: z.enum(['review', 'flag-review', 'delete', 'ban', 'unban']).catch('review'),
  by: z.string().trim().toLowerCase().catch(''),
  since: day,
  until: day,
  page: pageParam,
});
export type AuditFilters = ListState<typeof operatorActionParams>;

/** The operator is the audit query's `operator`, checked as the console server checks it. */
export const operatorActionRules = {
  by: auditQuerySchema.shape.operator,
} as const satisfies FilterRules;

/** Each choice of the Action filter and the audited operation it reads. */
const operations = {
  review: reviewOperation,
  'flag-review': flagReviewOperation,
  delete: deleteOperation,
  ban: banOperation,
  unban: unbanOperation,
} as const satisfies Record<AuditFilters['act'], OperationName>;

/** Local calendar days become the instants the console server filters on: the start of `since`, the end of `until`. */
export function toAuditParams(filters: AuditFilters, perPage: number): AuditListParams {
  const params: AuditListParams = {
    operation: operations[filters.act],
    page: filters.page,
    perPage,
  };
  if (filters.by) params.operator = filters.by;
  if (filters.since) params.from = new Date(`${filters.since}T00:00:00`).toISOString();
  if (filters.until) params.to = new Date(`${filters.until}T23:59:59.999`).toISOString();
  return params;
}
