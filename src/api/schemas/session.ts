import { z } from 'zod/mini';

// zod/mini: the signed-in shell parses the session on the first load.
export const operatorRoleSchema = z.enum(['admin', 'moderator', 'support']);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** `GET /auth/me` and `POST /auth/login`: the signed-in operator. */
export const sessionSchema = z.object({ username: z.string(), role: operatorRoleSchema });
export type Session = z.infer<typeof sessionSchema>;

export const loginBodySchema = z.strictObject({
  username: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'Enter your username' }), z.maxLength(100)),
  password: z.string().check(z.minLength(1, { error: 'Enter your password' }), z.maxLength(1024)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `POST /auth/logout`: the body says nothing the console needs. */
export const signOutSchema = z.unknown();
