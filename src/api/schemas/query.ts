import { z } from '../zod';
import { idSchema } from './common';

/**
 * Query-string parsers shared by the emulator (to validate) and the SPA (to read URL search params).
 * Query values arrive as strings; a missing value takes the default, a malformed one is an error.
 */
export const queryIntSchema = (field: string, opts: { min: number; max?: number }) => {
  const range =
    opts.max === undefined ? `at least ${opts.min}` : `between ${opts.min} and ${opts.max}`;
  return z
    .string()
    .regex(/^-?\d+$/, { error: `The ${field} must be an integer.` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(opts.min, { error: `The ${field} must be ${range}.` })
        .max(opts.max ?? Number.MAX_SAFE_INTEGER, { error: `The ${field} must be ${range}.` }),
    );
};

export const queryBooleanSchema = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((value) => value === 'true' || value === '1');

export const affixSchema = z.enum(['append', 'prepend'], {
  error: 'The affix must be append or prepend.',
});
export type Affix = z.infer<typeof affixSchema>;

/** `perPage` / `page`, the page-style paging of users, groups, banned users and roles. */
export const pageQuerySchema = z.object({
  perPage: queryIntSchema('perPage', { min: 1, max: 1000 }).default(100),
  page: queryIntSchema('page', { min: 1 }).default(1),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Lower-cased identifier, as the service stores uids, guids and role ids. */
export const queryIdSchema = idSchema.transform((id) => id.toLowerCase());

/** A message id: numeric, serialized as a string. */
export const messageIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, { error: 'The id must be a positive integer.' });
