import { z } from '../zod';

/** The ranges of the insights page: the last 24 hours, 7 days or 30 days up to now. */
export const insightsRangeSchema = z.enum(['24h', '7d', '30d'], {
  error: 'The range must be 24h, 7d or 30d.',
});
export type InsightsRange = z.infer<typeof insightsRangeSchema>;

/** `GET /console/insights?range=`: the range only (7 days when absent). */
export const insightsQuerySchema = z.strictObject({
  range: insightsRangeSchema.default('7d'),
});

const counts = {
  approved: z.number().int(),
  rejected: z.number().int(),
  deleted: z.number().int(),
};

/**
 * Decisions of one period (an hour for 24h, a UTC day otherwise) by outcome, and the median time to
 * decision of those whose item's `sentAt` is known (seconds; null without any).
 */
export const decisionBucketSchema = z.object({
  at: z.number(),
  ...counts,
  medianSeconds: z.number().nullable(),
});
export type DecisionBucket = z.infer<typeof decisionBucketSchema>;

export const moderatorFiguresSchema = z.object({ operator: z.string(), ...counts });
export type ModeratorFigures = z.infer<typeof moderatorFiguresSchema>;

/**
 * Decisions per rule. `ruleId` null: decisions whose item the console never saw listed ("rule
 * unknown"). `approvalRate` is approved ÷ decided (approved + rejected + deleted), null with none
 * decided: an estimate of the rule's false positives. `waiting`: items of the rule pending now.
 */
export const ruleFiguresSchema = z.object({
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  ...counts,
  decided: z.number().int(),
  approvalRate: z.number().nullable(),
  waiting: z.number().int(),
});
export type RuleFigures = z.infer<typeof ruleFiguresSchema>;

/** A sample of the queue: its largest size and oldest item's age (seconds) within a period. */
export const queuePointSchema = z.object({
  at: z.number(),
  size: z.number().int(),
  oldestAgeSeconds: z.number().nullable(),
});
export type QueuePoint = z.infer<typeof queuePointSchema>;

export const insightsResponseSchema = z.object({
  data: z.object({
    range: insightsRangeSchema,
    /** Start and end of the range, ms. */
    from: z.number(),
    to: z.number(),
    /** Length of one period of `decisions`, ms. */
    bucketMs: z.number(),
    totals: z.object({ ...counts, decided: z.number().int() }),
    decisions: z.array(decisionBucketSchema),
    moderators: z.array(moderatorFiguresSchema),
    rules: z.array(ruleFiguresSchema),
    timeToDecision: z.object({
      /** Median of decision time − the item's `sentAt`, seconds; null when none is known. */
      medianSeconds: z.number().nullable(),
      /** Decisions whose item's `sentAt` is known. */
      measured: z.number().int(),
      /** Decisions counted without it (rule unknown). */
      unknown: z.number().int(),
    }),
    /**
     * Flags the service lists as decided: the median of decision time − first report (seconds;
     * null without any) over `measured` flags; null when the reviewed list could not be read.
     */
    flagTimeToDecision: z
      .object({ medianSeconds: z.number().nullable(), measured: z.number().int() })
      .nullable(),
    queue: z.object({
      /** The service's blocked list now; null when it could not be read (`problem` says why). */
      now: z
        .object({
          size: z.number().int(),
          oldestSentAt: z.number().nullable(),
          /** The service lists one page; a full page may not be the whole queue. */
          complete: z.boolean(),
        })
        .nullable(),
      problem: z.string().nullable(),
      samples: z.array(queuePointSchema),
    }),
  }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
export type Insights = InsightsResponse['data'];
