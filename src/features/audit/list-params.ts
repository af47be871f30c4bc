import { z } from '@/api/zod';
import type { AuditListParams } from '@/api/console';
import { auditOutcomeSchema, auditQuerySchema } from '@/api/schemas/console';
import type { FilterRules } from '@/utils/filter-rules';
import { pageParam, perPageParam, textParam, type ListState } from '@/utils/list-state';

const instant = z.iso.datetime({ offset: true }).optional().catch(undefined);

/** The audit log's filters and page as they live in the URL; anything malformed falls back to its default. */
export const auditParams = z.object({
  operator: textParam(),
  operation: textParam(),
  target: textParam(),
  outcome: auditOutcomeSchema.optional().catch(undefined),
  from: instant,
  to: instant,
  page: pageParam,
  perPage: perPageParam(),
});
export type AuditSearch = ListState<typeof auditParams>;

/** The text filters, checked as the console server checks `GET /console/audit`'s query. */
export const auditRules = {
  operator: auditQuerySchema.shape.operator,
  operation: auditQuerySchema.shape.operation,
  target: auditQuerySchema.shape.target,
} as const satisfies FilterRules;
export type AuditFilterValues = Omit<AuditSearch, 'page' | 'perPage'>;

export const filtersOf = ({
  page: _page,
  perPage: _perPage,
  ...filters
}: AuditSearch): AuditFilterValues => filters;

/** The filters as the console server takes them; empty text is left out. */
export function toListParams(search: AuditSearch): AuditListParams {
  return {
    operator: search.operator || undefined,
    operation: search.operation || undefined,
    target: search.target || undefined,
    outcome: search.outcome,
    from: search.from,
    to: search.to,
    page: search.page,
    perPage: search.perPage,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the `YYYY-MM-DDTHH:mm` local value of a datetime-local input. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) → ISO instant; empty or invalid → undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
