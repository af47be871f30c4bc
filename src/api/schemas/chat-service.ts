import { z } from '../zod';
import { dataEnvelope } from './common';

/**
 * `pass` and `fail` decide the verdict; `warn` works but deserves a look (a slow round trip, little
 * rate-limit headroom); `skip` could not be checked (nothing to read, or an earlier check failed).
 */
export const checkStatusValues = ['pass', 'warn', 'fail', 'skip'] as const;
export const checkStatusSchema = z.enum(checkStatusValues);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** `connection`: configuration, network, key, timing, quota; `reads`: one per read the console makes. */
export const checkGroupSchema = z.enum(['connection', 'reads']);
export type CheckGroup = z.infer<typeof checkGroupSchema>;

/** One line of the report. Never carries the key nor any value from the service's answers. */
export const doctorCheckSchema = z.object({
  /** Stable id: `config`, `dns`, `connect`, `key`, `round-trip`, `rate-limit`, `read:GET /users` ... */
  id: z.string(),
  group: checkGroupSchema,
  title: z.string(),
  status: checkStatusSchema,
  detail: z.string(),
  /** What to do about a failure or warning. */
  hint: z.string().optional(),
  /** How long the check's call took. */
  ms: z.number().optional(),
});
export type DoctorCheck = z.infer<typeof doctorCheckSchema>;

export const chatServiceReportSchema = z.object({
  /** The configured service: base URL without credentials, and the app and region read from it. */
  target: z.object({
    baseUrl: z.string(),
    host: z.string(),
    appId: z.string().optional(),
    region: z.string().optional(),
  }),
  /** ISO date-time the run started. */
  checkedAt: z.string(),
  durationMs: z.number(),
  /** True when no check failed (warnings and skips allowed). */
  ok: z.boolean(),
  verdict: z.string(),
  checks: z.array(doctorCheckSchema),
});
export type ChatServiceReport = z.infer<typeof chatServiceReportSchema>;

/** `GET /console/chat-service`. */
export const chatServiceResponseSchema = dataEnvelope(chatServiceReportSchema);
