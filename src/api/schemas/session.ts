import { z } from 'zod/mini';

// zod/mini: the signed-in shell parses the session on the first load.
export const operatorRoleSchema = z.enum(['admin', 'moderator', 'support']);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/**
 * `GET /auth/me` and `POST /auth/login`: the signed-in operator. `mustChangePassword`: the password
 * was set by an admin or the CLI, and the console refuses everything but the change until it is made.
 */
export const sessionSchema = z.object({
  username: z.string(),
  role: operatorRoleSchema,
  mustChangePassword: z.optional(z.boolean()),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginBodySchema = z.strictObject({
  username: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'Enter your username' }), z.maxLength(100)),
  password: z.string().check(z.minLength(1, { error: 'Enter your password' }), z.maxLength(1024)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `POST /auth/logout`: the body says nothing the console needs. */
/** `POST /auth/logout`: nothing, or where to end the session at the identity provider too. */
export const signOutSchema = z.object({ signOutUrl: z.optional(z.url()) });

/** `GET /auth/methods`: how operators sign in on this console. */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  sso: z.nullable(z.object({ label: z.string() })),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/**
 * `POST /auth/password`: the operator's own new password. The current one is asked for unless the
 * password is an initial one being replaced right after signing in (or the one-time link).
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.optional(z.string().check(z.maxLength(1024))),
  newPassword: z
    .string()
    .check(
      z.minLength(12, { error: 'At least 12 characters' }),
      z.maxLength(256, { error: 'At most 256 characters' }),
    ),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
