import { z } from '@/api/zod';

/** The same words as the console server's refusal, so the field reads alike either way. */
export const usernameInPassword = 'The password must not contain the username';

/**
 * The change-password form: what can be checked before sending (length, the username, the repeat).
 * Whether the password is one of the most common is known to the server only (its list is not
 * shipped to browsers); its refusal is shown next to the field all the same.
 */
export function passwordFormSchema({ username, forced }: { username: string; forced: boolean }) {
  const name = username.toLowerCase();
  return z
    .object({
      currentPassword: forced
        ? z.string()
        : z.string().min(1, { error: 'Enter your current password' }),
      newPassword: z
        .string()
        .min(12, { error: 'At least 12 characters' })
        .max(256, { error: 'At most 256 characters' })
        .refine((value) => name.length < 3 || !value.toLowerCase().includes(name), {
          error: usernameInPassword,
        }),
      repeat: z.string(),
    })
    .refine((values) => values.repeat === values.newPassword, {
      path: ['repeat'],
      error: 'The two passwords differ',
    });
}

export type PasswordFormValues = z.infer<ReturnType<typeof passwordFormSchema>>;
