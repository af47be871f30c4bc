import { Hono } from 'hono';
import { changePasswordBodySchema } from '../../../src/api/schemas/session';
import { audit, deny } from '../request-audit';
import type { AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { readJsonBody } from '../http/request-body';
import { clientAddress } from '../http/guards';
import { fieldErrors } from '../http/validation';
import { releaseLoginAttempt, reserveLoginAttempt } from './login-throttle';
import { changeOwnPassword, findOperator, OperatorError } from './operators';
import { HashingBusyError, verifyPassword } from './passwords';
import { authenticate } from './session-cookie';
import { isSsoOperator } from './sso-operators';

const fields = { action: 'auth.change-password', operation: 'POST /auth/password' };

/**
 * `POST /auth/password`: the signed-in operator sets their own password. The only call an operator
 * holding an initial password may make (besides reading `/auth/me` and signing out); for them the
 * current password is not asked again, since they proved it (or used the one-time link) to get this
 * session, and the bootstrap admin never knew theirs.
 */
export function createPasswordApp(rt: Runtime): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();

  app.post('/password', async (c) => {
    const session = await authenticate(rt, c);
    if (!session) {
      return deny(rt, c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.', {
        ...fields,
        detail: 'no session',
      });
    }
    if (await isSsoOperator(store, session.operatorId)) {
      await audit(rt, c, {
        ...fields,
        status: 409,
        outcome: 'denied',
        detail: 'single sign-on operator',
      });
      return c.json(
        errorBody(
          'CONSOLE_CONFLICT',
          'You sign in through single sign-on: your password is kept by the identity provider.',
        ),
        409,
      );
    }
    const read = await readJsonBody(c, 16 * 1024);
    const parsed = changePasswordBodySchema.safeParse(
      read.kind === 'json' ? read.value : undefined,
    );
    const refuse = async (message: string, details: Record<string, string[]>) => {
      await audit(rt, c, { ...fields, status: 400, outcome: 'denied', detail: message });
      return c.json(errorBody('CONSOLE_BAD_REQUEST', message, details), 400);
    };
    if (!parsed.success) return refuse('Invalid password.', fieldErrors(parsed.error.issues));
    const { currentPassword, newPassword } = parsed.data;
    try {
      if (!session.mustChangePassword) {
        if (!currentPassword) {
          return refuse('Enter your current password.', {
            currentPassword: ['Enter your current password'],
          });
        }
        // A wrong current password counts against the account's sign-in budget, so a stolen
        // session cannot guess it faster than the sign-in page could.
        const who = { account: session.username, client: clientAddress(c, rt.deps.trustedProxies) };
        const attempt = await reserveLoginAttempt(store, who, rt.now());
        if ('retryAfter' in attempt) {
          c.header('retry-after', String(attempt.retryAfter));
          await audit(rt, c, { ...fields, status: 429, outcome: 'denied', detail: 'throttled' });
          return c.json(
            errorBody(
              'CONSOLE_LOGIN_THROTTLED',
              `Too many wrong passwords; try again in ${attempt.retryAfter} s.`,
            ),
            429,
          );
        }
        const operator = await findOperator(store, session.username);
        let valid = false;
        try {
          valid = await verifyPassword(
            currentPassword,
            operator?.passwordHash,
            rt.passwordHashCost,
            who,
          );
        } finally {
          if (valid) await releaseLoginAttempt(store, attempt.rowIds);
        }
        if (!valid) {
          return refuse('The current password is wrong.', {
            currentPassword: ['The current password is wrong'],
          });
        }
      }
      await changeOwnPassword(store, session.operatorId, newPassword, {
        now: rt.now(),
        hashCost: rt.passwordHashCost,
        keepSession: session.tokenHash,
      });
    } catch (error) {
      if (error instanceof HashingBusyError) {
        c.header('retry-after', '1');
        return c.json(errorBody('CONSOLE_BUSY', 'The server is busy; try again in a moment.'), 503);
      }
      if (!(error instanceof OperatorError) || error.code !== 'INVALID') throw error;
      return refuse(error.message, { newPassword: error.details?.password ?? [error.message] });
    }
    await audit(rt, c, {
      ...fields,
      status: 200,
      outcome: 'ok',
      detail: session.mustChangePassword ? 'initial password replaced' : null,
    });
    return c.json({ username: session.username, role: session.role });
  });
  return app;
}
