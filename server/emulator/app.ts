import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { EmulatorContext } from './context';
import { EmulatorControls } from './controls';
import { apiNotFound, ChatApiError, errorResponse } from './http-errors';
import { apiKeyAuth } from './middleware/auth';
import { rateLimit } from './middleware/rate-limit';
import { strictQuery } from './middleware/strict-query';
import { adminRoutes } from './routes/admin';
import { blockedMessageRoutes, reviewedMessageRoutes } from './routes/blocked-messages';
import { flaggedMessageRoutes, flagRoutes } from './routes/flagged-messages';
import { groupBanRoutes } from './routes/group-bans';
import { groupRoutes } from './routes/groups';
import { memberRoutes } from './routes/group-members';
import { messageRoutes } from './routes/messages';
import { moderationReasonRoutes } from './routes/moderation-reasons';
import { notificationRoutes } from './routes/notifications';
import { reactionRoutes } from './routes/reactions';
import { roleRoutes } from './routes/roles';
import { userConversationRoutes } from './routes/user-conversation';
import { userRoutes } from './routes/users';
import { usersBulkRoutes } from './routes/users-bulk';
import type { EmulatorStore } from './store';

export interface EmulatorAppDeps {
  store: EmulatorStore;
  apiKey: string;
  /** Mounts the test controls under `/__emulator/`. */
  admin?: boolean;
  /** Enforce this many requests per minute (429 past it). Unset: headers only, never 429. */
  rateLimitPerMinute?: number;
  /** Clock in milliseconds, like `Date.now`. */
  now?: () => number;
  /**
   * Answer 400 for query parameters the service does not document for the operation, as the
   * console server would never forward them (default true). Off: the emulator's own extra
   * parameters (blocked-message filters and paging, reaction `limit`) are accepted.
   */
  strict?: boolean;
}

/** Largest request body accepted; larger ones get 413. */
export const maxBodyBytes = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the chat-service emulator: the REST API under `/v3` with the service's envelopes, error
 * codes and paging, backed by the given SQLite store. Listening is left to the caller (start.ts),
 * so tests drive it with `app.request()`.
 */
export function createEmulatorApp(deps: EmulatorAppDeps): Hono {
  const nowMs = deps.now ?? Date.now;
  const strict = deps.strict ?? true;
  const ctx: EmulatorContext = {
    db: deps.store.db,
    nowSeconds: () => Math.floor(nowMs() / 1000),
    strict,
  };
  const controls = new EmulatorControls();

  const app = new Hono();
  app.onError((error) => {
    if (error instanceof ChatApiError) return errorResponse(error);
    process.stderr.write(`emulator: unexpected error: ${error.stack ?? error.message}\n`);
    return errorResponse(
      new ChatApiError(
        500,
        'ERR_MISSION_FAILED',
        'The request could not be completed. Please try again.',
      ),
    );
  });
  app.notFound(() => errorResponse(apiNotFound()));

  const v3 = new Hono();
  v3.use(rateLimit({ perMinute: deps.rateLimitPerMinute, nowMs }));
  v3.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new ChatApiError(
          413,
          'ERR_REQUEST_TOO_LARGE',
          `The request body is larger than ${maxBodyBytes} bytes.`,
        );
      },
    }),
  );
  v3.use(apiKeyAuth(deps.apiKey));
  v3.use(async (c, next) => {
    if (controls.latencyMs > 0) await sleep(controls.latencyMs);
    const fault = controls.takeFault(c.req.method, c.req.path.replace(/^\/v3/, '') || '/');
    if (fault) throw fault;
    await next();
  });
  if (strict) v3.use(strictQuery());
  v3.route('/moderation/reasons', moderationReasonRoutes(ctx));
  v3.route('/moderation/blocked-messages', blockedMessageRoutes(ctx));
  v3.route('/moderation/reviewed-messages', reviewedMessageRoutes(ctx));
  v3.route('/moderation/flagged-messages', flaggedMessageRoutes(ctx));
  v3.route('/messages', messageRoutes(ctx));
  v3.route('/messages', reactionRoutes(ctx));
  v3.route('/messages', flagRoutes(ctx));
  v3.route('/users', userRoutes(ctx));
  v3.route('/users', usersBulkRoutes(ctx));
  v3.route('/users', userConversationRoutes(ctx));
  v3.route('/groups', groupRoutes(ctx));
  v3.route('/groups', groupBanRoutes(ctx));
  v3.route('/groups', memberRoutes(ctx));
  v3.route('/roles', roleRoutes(ctx));
  v3.route('/notifications/v1', notificationRoutes(ctx));

  app.route('/v3', v3);
  if (deps.admin) app.route('/__emulator', adminRoutes(ctx, deps.store, controls));
  return app;
}
