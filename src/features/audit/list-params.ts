import { z } from 'zod';
import type { AuditListParams } from '@/api/console';
import { auditOutcomeSchema } from '@/api/schemas/console';

export const pageSizes = [25, 50, 100] as const;

const text = z.string().trim().max(200).catch('');
const instant = z.iso.datetime({ offset: true }).optional().catch(undefined);

const auditSearchSchema = z.object({
  operator: text,
  operation: text,
  target: text,
  outcome: auditOutcomeSchema.optional().catch(undefined),
  from: instant,
  to: instant,
  page: z.coerce.number().int().min(1).catch(1),
  perPage: z.coerce
    .number()
    .refine((n) => pageSizes.some((size) => size === n))
    .catch(25),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;
export type AuditFilterValues = Omit<AuditSearch, 'page' | 'perPage'>;

const keys = [
  'operator',
  'operation',
  'target',
  'outcome',
  'from',
  'to',
  'page',
  'perPage',
] as const;

/** Reads the audit log's filters and page from the URL; anything malformed falls back to its default. */
export function parseAuditSearch(params: URLSearchParams): AuditSearch {
  return auditSearchSchema.parse(
    Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])),
  );
}

/** Writes only what differs from the defaults, so a plain /audit stays plain. */
export function toAuditSearchParams(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['operator', 'operation', 'target', 'outcome', 'from', 'to'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.perPage !== 25) params.set('perPage', String(search.perPage));
  return params;
}

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
