import type { SSEStreamingApi } from 'hono/streaming';
import { streamSSE } from 'hono/streaming';
import type { AppContext, Runtime } from '../context';
import { jsonError } from '../http/errors';
import type { SessionInfo } from '../auth/sessions';
import type { LiveEvent } from './live-options';
import type { LiveQueue, LiveQueues } from './live-queue';
import { sessionHolds } from './stream-session';

/** Browsers wait this long before reconnecting a dropped stream. */
const reconnectMs = 3000;

const signedOut = JSON.stringify({ reason: 'signed-out' });

/**
 * `GET /console/queue/events`: a live queue's event stream (`?list=flagged` for the flagged list,
 * the blocked list without it), at most `maxStreamsPerOperator` open per operator on this server.
 */
export function queueEventsHandler(rt: Runtime, live: LiveQueues) {
  // Each stream holds a connection and its buffers for as long as the tab stays open.
  const { maxStreamsPerOperator } = live.options;
  const streamsOf = new Map<string, number>();

  return (c: AppContext) => {
    const session = c.get('session');
    if (!session) return jsonError(c, 401, 'CONSOLE_UNAUTHENTICATED', 'Sign in to continue.');
    const list = c.req.query('list') ?? 'blocked';
    if (list !== 'blocked' && list !== 'flagged')
      return jsonError(c, 400, 'CONSOLE_BAD_REQUEST', 'The list is blocked or flagged.', {
        details: { list: ['The list is blocked or flagged.'] },
      });
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
        await followQueue(rt, c, live[list], stream, session);
      } finally {
        release();
      }
    });
  };
}

/** Sends the queue's events to one browser until it leaves, is signed out, or the queue ends. */
async function followQueue(
  rt: Runtime,
  c: AppContext,
  queue: LiveQueue,
  stream: SSEStreamingApi,
  session: SessionInfo,
) {
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
        holds = await sessionHolds(rt.deps.store, session, rt.now());
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
