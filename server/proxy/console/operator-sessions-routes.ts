import { Hono } from 'hono';
import { audit } from '../request-audit';
import type { AppContext, AppEnv, Runtime } from '../context';
import { errorBody } from '../http/errors';
import { describeClient } from '../auth/client-label';
import { findOperator } from '../auth/operators';
import { listSessions, revokeAllSessions, revokeSession } from '../auth/sessions';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `/console/operators/{username}/sessions`: an operator's live sessions, for admins (consoleGuard
 * checks `manageOperators`), and their revocation, one or all. A revoked browser is signed out at its
 * next request, since every request reads its session from the store.
 */
export function createOperatorSessionsApp(rt: Runtime): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();

  const operatorOf = async (c: AppContext) => {
    const username = c.req.param('username') ?? '';
    return { username, operator: await findOperator(store, username) };
  };
  const notFound = (c: AppContext, username: string) =>
    c.json(errorBody('CONSOLE_NOT_FOUND', `No operator named "${username}".`), 404);

  app.get('/:username/sessions', async (c) => {
    const { username, operator } = await operatorOf(c);
    if (!operator) return notFound(c, username);
    const own = c.get('session')?.tokenHash;
    const sessions = await listSessions(store, operator.id, rt.now());
    return c.json({
      data: sessions.map((s) => ({
        id: s.id,
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        client: describeClient(s.userAgent),
        address: s.client,
        current: s.tokenHash === own,
      })),
    });
  });

  app.delete('/:username/sessions/:id', async (c) => {
    const { username, operator } = await operatorOf(c);
    const id = c.req.param('id');
    const fields = {
      action: 'operators.revoke-session',
      operation: 'DELETE /console/operators/{username}/sessions/{id}',
      targets: { username, session: id },
    };
    if (!operator || !(await revokeSession(store, operator.id, id))) {
      const message = operator
        ? 'This session has ended already.'
        : `No operator named "${username}".`;
      await audit(rt, c, { ...fields, status: 404, outcome: 'failed', detail: message });
      return c.json(errorBody('CONSOLE_NOT_FOUND', message), 404);
    }
    await audit(rt, c, { ...fields, status: 200, outcome: 'ok' });
    return c.json({ revoked: 1 });
  });

  app.delete('/:username/sessions', async (c) => {
    const { username, operator } = await operatorOf(c);
    const fields = {
      action: 'operators.revoke-sessions',
      operation: 'DELETE /console/operators/{username}/sessions',
      targets: { username },
    };
    if (!operator) {
      await audit(rt, c, { ...fields, status: 404, outcome: 'failed', detail: 'no such operator' });
      return notFound(c, username);
    }
    const revoked = await revokeAllSessions(store, operator.id);
    await audit(rt, c, { ...fields, status: 200, outcome: 'ok', detail: `${revoked} session(s)` });
    return c.json({ revoked });
  });
  return app;
}
