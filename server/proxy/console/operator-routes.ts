import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  createOperatorBodySchema,
  updateOperatorBodySchema,
  type AuditTargets,
} from '../../../src/api/schemas/console';
import { audit } from '../request-audit';
import type { AppContext, AppEnv, Runtime } from '../context';
import { errorBody, type ConsoleErrorCode } from '../http/errors';
import {
  addOperator,
  listOperators,
  OperatorError,
  removeOperator,
  setOperatorRole,
  type OperatorRecord,
} from '../auth/operators';
import { readJsonBody } from '../http/request-body';
import { fieldErrors } from '../http/validation';
import { countSessions } from '../auth/sessions';
import { createOperatorSessionsApp } from './operator-sessions-routes';

type Fields = { action: string; operation: string; targets: AuditTargets };

const iso = (ms: number) => new Date(ms).toISOString();

const toOperator = (o: OperatorRecord, activeSessions = 0) => ({
  username: o.username,
  role: o.role,
  createdAt: iso(o.createdAt),
  lastSignInAt: o.lastSignInAt === null ? null : iso(o.lastSignInAt),
  mustChangePassword: o.mustChangePassword,
  signsInWith: o.signsInWith,
  activeSessions,
});

const failureOf: Record<OperatorError['code'], [ContentfulStatusCode, ConsoleErrorCode]> = {
  INVALID: [400, 'CONSOLE_BAD_REQUEST'],
  NOT_FOUND: [404, 'CONSOLE_NOT_FOUND'],
  EXISTS: [409, 'CONSOLE_CONFLICT'],
  LAST_ADMIN: [409, 'CONSOLE_CONFLICT'],
  SSO_MANAGED: [409, 'CONSOLE_CONFLICT'],
};

/** `/console/operators`: list, add, change role, remove (consoleGuard checks `manageOperators` first). */
export function createOperatorsApp(rt: Runtime): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();

  const fail = async (
    c: AppContext,
    fields: Fields,
    status: ContentfulStatusCode,
    code: ConsoleErrorCode,
    message: string,
    details?: Record<string, string[]>,
  ) => {
    await audit(rt, c, { ...fields, status, outcome: 'failed', detail: message });
    return c.json(errorBody(code, message, details), status);
  };
  const failFrom = (c: AppContext, fields: Fields, error: unknown) => {
    if (!(error instanceof OperatorError)) throw error;
    const [status, code] = failureOf[error.code];
    return fail(c, fields, status, code, error.message, error.details);
  };
  const jsonBody = async (c: AppContext) => {
    const read = await readJsonBody(c, 16 * 1024);
    return read.kind === 'json' ? read.value : undefined;
  };

  app.get('/', async (c) => {
    const sessions = await countSessions(store, rt.now());
    const operators = await listOperators(store);
    return c.json({ data: operators.map((o) => toOperator(o, sessions.get(o.id) ?? 0)) });
  });

  app.post('/', async (c) => {
    const fields: Fields = {
      action: 'operators.add',
      operation: 'POST /console/operators',
      targets: {},
    };
    const parsed = createOperatorBodySchema.safeParse(await jsonBody(c));
    if (!parsed.success) {
      return fail(
        c,
        fields,
        400,
        'CONSOLE_BAD_REQUEST',
        'Invalid operator.',
        fieldErrors(parsed.error.issues),
      );
    }
    fields.targets = { username: parsed.data.username };
    try {
      // An admin chose this password, so it is initial: the operator replaces it at first sign-in.
      const created = await addOperator(store, parsed.data, {
        now: rt.now(),
        hashCost: rt.passwordHashCost,
        initialPassword: true,
      });
      await audit(rt, c, {
        ...fields,
        status: 201,
        outcome: 'ok',
        detail: `role=${created.role}`,
      });
      return c.json({ data: toOperator(created) }, 201);
    } catch (error) {
      return failFrom(c, fields, error);
    }
  });

  app.patch('/:username', async (c) => {
    const username = c.req.param('username');
    const fields: Fields = {
      action: 'operators.set-role',
      operation: 'PATCH /console/operators/{username}',
      targets: { username },
    };
    const parsed = updateOperatorBodySchema.safeParse(await jsonBody(c));
    if (!parsed.success) {
      return fail(
        c,
        fields,
        400,
        'CONSOLE_BAD_REQUEST',
        'Invalid role.',
        fieldErrors(parsed.error.issues),
      );
    }
    try {
      const updated = await setOperatorRole(store, username, parsed.data.role);
      await audit(rt, c, {
        ...fields,
        targets: { username, from: updated.previousRole, to: updated.role },
        status: 200,
        outcome: 'ok',
        detail: `role ${updated.previousRole} → ${updated.role}`,
      });
      const sessions = (await countSessions(store, rt.now())).get(updated.id) ?? 0;
      return c.json({ data: toOperator(updated, sessions) });
    } catch (error) {
      return failFrom(c, fields, error);
    }
  });

  app.delete('/:username', async (c) => {
    const username = c.req.param('username');
    const fields: Fields = {
      action: 'operators.remove',
      operation: 'DELETE /console/operators/{username}',
      targets: { username },
    };
    if (username === c.get('session')?.username) {
      return fail(c, fields, 409, 'CONSOLE_CONFLICT', 'You cannot remove your own account.');
    }
    try {
      await removeOperator(store, username);
      await audit(rt, c, { ...fields, status: 204, outcome: 'ok' });
      return c.body(null, 204);
    } catch (error) {
      return failFrom(c, fields, error);
    }
  });
  app.route('/', createOperatorSessionsApp(rt));
  return app;
}
