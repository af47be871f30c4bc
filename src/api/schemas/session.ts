import { z } from 'zod';

export const operatorRoleSchema = z.enum(['admin', 'moderator', 'support']);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** `GET /auth/me` and `POST /auth/login`: the signed-in operator. */
export const sessionSchema = z.object({ username: z.string(), role: operatorRoleSchema });
export type Session = z.infer<typeof sessionSchema>;

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1, { error: 'Enter your username' }).max(100),
  password: z.string().min(1, { error: 'Enter your password' }).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
