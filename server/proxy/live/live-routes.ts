import { Hono } from 'hono';
import { claimMessageIdSchema } from '../../../src/api/schemas/live-queue';
import { audit } from '../request-audit';
import type { AppContext, AppEnv, Runtime } from '../context';
import { jsonError } from '../http/errors';
import { fieldErrors } from '../http/validation';
import { activeClaims, claimMessage, releaseClaim } from './claims';
import type { LiveQueues } from './live-queue';
import { queueEventsHandler } from './queue-events';

/**
 * `/console/queue/*`: the live queues' event streams (see queueEventsHandler) and the claims, on
 * messages of either list (consoleGuard has checked the session and the route's capability:
 * watching needs `readChatData`, claiming `moderateBlocked`).
 */
export function createLiveQueueApp(rt: Runtime, live: LiveQueues): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();
  const claimMs = live.options.claimMs;
  app.get('/events', queueEventsHandler(rt, live));

  app.get('/claims', async (c) =>
    c.json({
      data: await activeClaims(store, rt.now()),
      claimSeconds: Math.round(claimMs / 1000),
    }),
  );

  const messageIdOf = (c: AppContext) => {
    const parsed = claimMessageIdSchema.safeParse(c.req.param('messageId'));
    return parsed.success
      ? parsed.data
      : fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: ['messageId'] })));
  };

  const claim = (takeOver: boolean) => async (c: AppContext) => {
    const session = c.get('session');
    if (!session) return jsonError(c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.');
    const messageId = messageIdOf(c);
    if (typeof messageId !== 'string')
      return jsonError(c, 400, 'CONSOLE_BAD_REQUEST', 'Invalid message id.', {
        details: messageId,
      });
    const result = await claimMessage(store, {
      messageId,
      operator: session.username,
      now: rt.now(),
      ms: claimMs,
      takeOver,
    });
    if (!result.ok) {
      return jsonError(
        c,
        409,
        'CONSOLE_CLAIMED',
        `${result.heldBy.operator} is reviewing this message.`,
        {
          details: { operator: [result.heldBy.operator], expiresAt: [result.heldBy.expiresAt] },
        },
      );
    }
    if (takeOver && result.from) {
      await audit(rt, c, {
        action: 'claims.take-over',
        operation: 'POST /console/queue/claims/{messageId}/take-over',
        targets: { messageId, from: result.from },
        outcome: 'ok',
        status: 200,
        detail: `took over the review from ${result.from}`,
      });
    }
    await live.claimsChanged();
    return c.json({ data: result.claim });
  };

  app.post('/claims/:messageId', claim(false));
  app.post('/claims/:messageId/take-over', claim(true));
  app.delete('/claims/:messageId', async (c) => {
    const session = c.get('session');
    if (!session) return jsonError(c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.');
    const messageId = messageIdOf(c);
    if (typeof messageId !== 'string')
      return jsonError(c, 400, 'CONSOLE_BAD_REQUEST', 'Invalid message id.', {
        details: messageId,
      });
    if (await releaseClaim(store, messageId, session.username)) await live.claimsChanged();
    return c.body(null, 204);
  });
  return app;
}
