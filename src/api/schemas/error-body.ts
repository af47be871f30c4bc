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
    details: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
