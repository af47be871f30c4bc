import { z } from '@/api/zod';
import { reactionSchema } from '@/api/schemas/reaction';

/** What the console server accepts as a reaction path segment, on top of the service's own rule. */
export const onBehalfReactionSchema = reactionSchema
  .refine((value) => [...value].length <= 64, {
    error: 'The reaction must be at most 64 characters.',
  })
  .refine((value) => !/[/\\%]/.test(value), {
    error: 'The reaction cannot contain “/”, “\\” or “%”.',
  });

export const onBehalfFormSchema = z.object({
  user: z
    .object({ uid: z.string(), name: z.string() })
    .nullable()
    .refine((user) => user !== null, { error: 'Pick the user to act as.' }),
  action: z.enum(['add', 'remove']),
  reaction: onBehalfReactionSchema,
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Say why you act for this user; it goes into the audit trail.' })
    .max(200, { error: 'Keep the reason under 200 characters.' }),
});
export type OnBehalfFormValues = z.input<typeof onBehalfFormSchema>;
export type OnBehalfRequest = z.output<typeof onBehalfFormSchema>;

/** Title of the confirm step, the sentence the operator agrees to. */
export function confirmTitle(request: {
  action: 'add' | 'remove';
  reaction: string;
  user: { name: string };
}): string {
  return request.action === 'add'
    ? `React as ${request.user.name} with ${request.reaction}`
    : `Remove ${request.user.name}’s ${request.reaction} reaction`;
}
