import { Hono } from 'hono';
import { z } from 'zod';
import type { EmulatorContext } from '../context';
import type { EmulatorControls } from '../controls';
import { parseBody } from '../validation';

const latencyBodySchema = z.strictObject({ ms: z.number().int().min(0).max(60_000) });
const faultBodySchema = z.strictObject({
  method: z.string().regex(/^(\*|GET|POST|PUT|PATCH|DELETE)$/i, { error: 'The method must be GET, POST, PUT, PATCH, DELETE or *.' }),
  path: z.string().regex(/^\//, { error: 'The path must start with /.' }),
  status: z.number().int().min(400).max(599),
  count: z.number().int().min(1).max(1000).default(1),
  retryAfter: z.number().int().min(0).optional(),
  code: z.string().regex(/^[A-Z_]+$/).optional(),
});

/** Test controls, mounted only when the app is created with `admin: true`. */
export function adminRoutes(_ctx: EmulatorContext, controls: EmulatorControls): Hono {
  const app = new Hono();

  app.post('/latency', async (c) => {
    const { ms } = await parseBody(c, latencyBodySchema);
    controls.latencyMs = ms;
    return c.json({ data: { latencyMs: ms } });
  });

  app.post('/faults', async (c) => {
    const body = await parseBody(c, faultBodySchema);
    controls.addFault({ method: body.method, path: body.path, status: body.status, remaining: body.count, retryAfter: body.retryAfter, code: body.code });
    return c.json({ data: { queued: body.count } });
  });

  app.delete('/faults', (c) => {
    controls.clearFaults();
    return c.json({ data: { success: true } });
  });

  return app;
}
