import { z } from 'zod/mini';

/**
 * The chat API's error envelope (the console server answers in the same shape). Written with zod/mini
 * because the transport needs it on the first load, where every kilobyte counts.
 */
export const errorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    devMessage: z.optional(z.string()),
    source: z.optional(z.string()),
    code: z.string(),
    // Field errors are lists; the console adds one word details, such as `outcome` of a 502 or 504.
    details: z.optional(z.record(z.string(), z.union([z.array(z.string()), z.string()]))),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
