import { z } from '../zod';
import { pageListEnvelope } from './common';
import { operatorRoleSchema } from './session';

/** Operator usernames: stored lower-case, start with a letter, 2–32 characters. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, { error: 'At least 2 characters' })
  .max(32, { error: 'At most 32 characters' })
  .regex(/^[a-z][a-z0-9._-]*$/, {
    error: 'Lower-case letters, digits, ".", "_" and "-", starting with a letter',
  });

/** Long passphrases over composition rules (NIST SP 800-63B); the upper bound caps hashing cost. */
export const passwordSchema = z
  .string()
  .min(12, { error: 'At least 12 characters' })
  .max(256, { error: 'At most 256 characters' });

export const operatorSchema = z.object({
  username: z.string(),
  role: operatorRoleSchema,
  createdAt: z.iso.datetime(),
  /** Null until the operator first signs in. */
  lastSignInAt: z.iso.datetime().nullable().default(null),
  /** The password was set by an admin or the CLI and is not changed yet. */
  mustChangePassword: z.boolean().default(false),
  /** `sso`: signs in through the identity provider, which sets the role (decision 0018). */
  signsInWith: z.enum(['password', 'sso']).default('password'),
  /** Sessions that can still be used. */
  activeSessions: z.number().int().default(0),
});
export type Operator = z.infer<typeof operatorSchema>;

/** One live session of an operator (`GET /console/operators/{username}/sessions`). */
export const operatorSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The browser and system, read from its User-Agent; null when it sent none. */
  client: z.string().nullable(),
  /** The address it signed in from (the real client behind a trusted proxy). */
  address: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;
export const operatorSessionListResponseSchema = z.object({ data: z.array(operatorSessionSchema) });
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int() });

export const operatorListResponseSchema = z.object({ data: z.array(operatorSchema) });
export const operatorResponseSchema = z.object({ data: operatorSchema });

export const createOperatorBodySchema = z.strictObject({
  username: usernameSchema,
  role: operatorRoleSchema,
  password: passwordSchema,
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

export const updateOperatorBodySchema = z.strictObject({ role: operatorRoleSchema });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBodySchema>;

/**
 * How an audited call ended. `ok`: the service answered 2xx. `refused`: the service answered 4xx, so
 * nothing was applied. `failed`: nothing reached the service (connection refused, DNS, TLS). `unknown`:
 * the call was sent but no definite answer came back (timeout, reset, the console stopped), so the
 * service may have applied it. `denied`: the console refused before sending. `pending`: sent or about
 * to be, no answer yet.
 */
export const auditOutcomeSchema = z.enum([
  'ok',
  'refused',
  'failed',
  'unknown',
  'denied',
  'pending',
]);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/**
 * What a call acted on, by name: path parameters, required query parameters and targets named in the
 * body, e.g. `{ messageId: '42', status: 'approved' }`, `{ uids: ['a', 'b'] }`, `{ permanent: true }`.
 */
export const auditTargetsSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.boolean()]),
);
export type AuditTargets = z.infer<typeof auditTargetsSchema>;

/** One row of the audit trail, recorded by the console server. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  requestId: z.string(),
  operator: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  operation: z.string(),
  targets: auditTargetsSchema,
  onBehalfOf: z.string().nullable(),
  reason: z.string().nullable(),
  /** The console's answer; null while pending, or when the console stopped before answering. */
  status: z.number().int().nullable(),
  upstreamStatus: z.number().int().nullable(),
  outcome: auditOutcomeSchema,
  detail: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Identical refusals of unauthenticated calls within a minute share one row; how many it stands for. */
  repeatCount: z.number().int().min(1),
  /** The client address of a coalesced refusal. */
  client: z.string().nullable(),
  /** The operator's note on a decision or a ban, kept by the console only (decision 0015). */
  note: z.string().nullable().default(null),
  /** The id of the moderation reason picked for a decision; `reason` holds its name. */
  reasonId: z.string().nullable().default(null),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = pageListEnvelope(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

const instantSchema = z.union([
  z.iso.datetime({ offset: true }),
  z.iso.date(),
  z.string().regex(/^\d{1,15}$/, { error: 'A date or a time in milliseconds' }),
]);

const pageNumberSchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'A whole number' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** Filters of `GET /console/audit` and `/console/audit.csv`, as query-string values. */
export const auditQuerySchema = z.object({
  operator: z.string().trim().max(100).optional(),
  operation: z.string().trim().max(200).optional(),
  target: z.string().trim().max(200).optional(),
  outcome: auditOutcomeSchema.optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  page: pageNumberSchema(1_000_000).default(1),
  perPage: pageNumberSchema(100).default(25),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditFilter = z.output<typeof auditQuerySchema>;
