import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { claimMessageIdSchema } from '../../../src/api/schemas/live-queue';
import { audit } from '../request-audit';
import type { AppContext, AppEnv, Runtime } from '../context';
import { jsonError } from '../http/errors';
import { fieldErrors } from '../http/validation';
import { activeClaims, claimMessage, releaseClaim } from './claims';
import type { LiveEvent } from './live-options';
import type { LiveQueues } from './live-queue';
import { sessionHolds } from './stream-session';
import type { SessionInfo } from '../auth/sessions';

/** Browsers wait this long before reconnecting a dropped stream. */
const reconnectMs = 3000;

const signedOut = JSON.stringify({ reason: 'signed-out' });

/**
 * `/console/queue/*`: the live queues' event streams (`?list=flagged` for the flagged list, the
 * blocked list without it) and the claims, on messages of either list (consoleGuard has checked the
 * session and the route's capability: watching needs `readChatData`, claiming `moderateBlocked`).
 */
export function createLiveQueueApp(rt: Runtime, live: LiveQueues): Hono<AppEnv> {
  const { store } = rt.deps;
  const app = new Hono<AppEnv>();
  const claimMs = live.options.claimMs;
  // Each stream holds a connection and its buffers for as long as the tab stays open.
  const { maxStreamsPerOperator } = live.options;
  const streamsOf = new Map<string, number>();

  app.get('/events', (c) => {
    const session = c.get('session');
    if (!session) return jsonError(c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.');
    const list = c.req.query('list') ?? 'blocked';
    if (list !== 'blocked' && list !== 'flagged')
      return jsonError(c, 400, 'CONSOLE_BAD_REQUEST', 'The list is blocked or flagged.', {
        details: { list: ['The list is blocked or flagged.'] },
      });
    const queue = live[list];
    const held = streamsOf.get(session.username) ?? 0;
    if (held >= maxStreamsPerOperator) {
      c.get('log').denied = 'too many live streams';
      return jsonError(
        c,
        429,
        'CONSOLE_BUSY',
        `You have ${maxStreamsPerOperator} live queues open already, the most one operator may: close one (another tab or window) and reload.`,
      );
    }
    streamsOf.set(session.username, held + 1);
    const release = () => {
      const left = (streamsOf.get(session.username) ?? 1) - 1;
      if (left > 0) streamsOf.set(session.username, left);
      else streamsOf.delete(session.username);
    };
    c.header('x-accel-buffering', 'no');
    c.get('log').stream = 'queue-events';
    return streamSSE(c, async (stream) => {
      try {
        await followQueue(stream, session);
      } finally {
        release();
      }
    });

    async function followQueue(stream: SSEStreamingApi, session: SessionInfo) {
      const pending: LiveEvent[] = [];
      let wake: (() => void) | undefined;
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      // Registered before the watcher (which reads the store first), so a browser that leaves
      // meanwhile is noticed.
      const stop = await queue.watch(
        (event) => {
          pending.push(event);
          wake?.();
        },
        c.req.header('last-event-id'),
        session.username,
      );
      try {
        await stream.write(`retry: ${reconnectMs}\n\n`);
        while (open) {
          if (pending.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          if (!open) break;
          // Each push or heartbeat checks the session first: a signed-out operator gets nothing more.
          let holds: boolean;
          try {
            holds = await sessionHolds(store, session, rt.now());
          } catch (error) {
            // The store did not answer: the stream closes and the browser reconnects, which checks
            // the session again.
            rt.deps.logger.warn({ err: error }, 'queue events: session not checked');
            break;
          }
          if (!holds) {
            await stream.writeSSE({ event: 'end', data: signedOut });
            break;
          }
          for (const event of pending.splice(0)) {
            if (event.event === 'heartbeat') await stream.write(': heartbeat\n\n');
            else await stream.writeSSE(event);
            if (event.event === 'end') open = false;
          }
        }
      } finally {
        stop();
      }
    }
  });

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
