import { Hono } from 'hono';
import type { ChatServiceReport } from '../../../src/api/schemas/chat-service';
import { runDoctor } from '../../doctor/run-doctor';
import type { AppEnv, Runtime } from '../context';

/**
 * `GET /console/chat-service` (`checkChatService`, checked by consoleGuard): the connection doctor
 * against the console's own upstream and transport, GETs only. Concurrent requests share one run.
 * The report holds no key and no value from the service's answers.
 */
export function createChatServiceApp(rt: Runtime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let running: Promise<ChatServiceReport> | undefined;
  app.get('/', async (c) => {
    running ??= runDoctor({
      baseUrl: rt.deps.upstream.baseUrl,
      apiKey: rt.deps.upstream.apiKey,
      forward: rt.forward,
      now: rt.now,
    }).finally(() => {
      running = undefined;
    });
    const report = await running;
    c.get('log').chatService = report.ok ? 'ok' : 'failed';
    c.header('cache-control', 'no-store');
    return c.json({ data: report });
  });
  return app;
}
