import { Hono } from 'hono';
import { z } from 'zod';
import { idSchema } from '../../../src/api/schemas/common';
import { inTransaction, type EmulatorContext } from '../context';
import type { EmulatorControls } from '../controls';
import { badRequest, guidNotFound, uidNotFound } from '../http-errors';
import { toBlockedItems, findBlocked } from '../repo/blocked';
import { findGroup } from '../repo/groups';
import { findUser } from '../repo/users';
import { resetStore, seedDemo, seedLarge } from '../seed';
import { imageData, rules, type RuleKey } from '../seed/demo-blocked';
import { insertHeldBack } from '../seed/insert';
import { seedScale } from '../seed/scale';
import type { EmulatorStore } from '../store';
import { parseBody } from '../validation';

const latencyBodySchema = z.strictObject({ ms: z.number().int().min(0).max(60_000) });
const seedBodySchema = z.strictObject({ kind: z.enum(['demo', 'large']) });
const scaleBodySchema = z.strictObject({
  users: z.number().int().min(1).max(200_000),
  prefix: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,40}$/, { error: 'Lowercase letters, digits and "-".' })
    .default('scale'),
  reactionsOn: z
    .string()
    .regex(/^\d{1,20}$/)
    .transform(Number)
    .optional(),
});
const faultBodySchema = z.strictObject({
  method: z.string().regex(/^(\*|GET|POST|PUT|PATCH|DELETE)$/i, {
    error: 'The method must be GET, POST, PUT, PATCH, DELETE or *.',
  }),
  path: z.string().regex(/^\//, { error: 'The path must start with /.' }),
  status: z.number().int().min(400).max(599),
  count: z.number().int().min(1).max(1000).default(1),
  retryAfter: z.number().int().min(0).optional(),
  code: z
    .string()
    .regex(/^[A-Z_]+$/)
    .optional(),
});
const ruleIds = {
  'text-profanity-filter': 'profanity',
  toxicity: 'toxicity',
  contact_details_filter: 'contact',
  email_filter: 'email',
  'image-moderation': 'image',
} as const satisfies Record<string, RuleKey>;
const injectBodySchema = z.strictObject({
  sender: idSchema,
  receiver: idSchema,
  receiverType: z.enum(['user', 'group']).default('user'),
  ruleId: z
    .enum([
      'text-profanity-filter',
      'toxicity',
      'contact_details_filter',
      'email_filter',
      'image-moderation',
    ])
    .default('text-profanity-filter'),
  text: z.string().min(1).max(4000).optional(),
});

/** Test controls, mounted under `/__emulator` only when the app is created with `admin: true`. */
export function adminRoutes(
  ctx: EmulatorContext,
  store: EmulatorStore,
  controls: EmulatorControls,
): Hono {
  const app = new Hono();

  app.post('/reset', (c) => {
    resetStore(store);
    seedDemo(store, ctx.nowSeconds());
    controls.clearFaults();
    controls.latencyMs = 0;
    return c.json({ data: { success: true } });
  });

  app.post('/seed', async (c) => {
    const { kind } = await parseBody(c, seedBodySchema);
    if (kind === 'large') seedLarge(store);
    else {
      resetStore(store);
      seedDemo(store, ctx.nowSeconds());
    }
    return c.json({ data: { success: true, kind } });
  });

  /** Many users (and optionally one reaction each on a message) at once, for scale tests. */
  app.post('/scale', async (c) => {
    const body = await parseBody(c, scaleBodySchema);
    const result = seedScale(ctx.db, { ...body, now: ctx.nowSeconds() });
    return c.json({ data: result });
  });

  app.post('/latency', async (c) => {
    const { ms } = await parseBody(c, latencyBodySchema);
    controls.latencyMs = ms;
    return c.json({ data: { latencyMs: ms } });
  });

  app.post('/faults', async (c) => {
    const body = await parseBody(c, faultBodySchema);
    controls.addFault({
      method: body.method,
      path: body.path,
      status: body.status,
      remaining: body.count,
      retryAfter: body.retryAfter,
      code: body.code,
    });
    return c.json({ data: { queued: body.count } });
  });

  app.delete('/faults', (c) => {
    controls.clearFaults();
    return c.json({ data: { success: true } });
  });

  /** A new pending blocked message, as if a rule had just held it back. */
  app.post('/blocked-messages', async (c) => {
    const body = await parseBody(c, injectBodySchema);
    const sender = body.sender.toLowerCase();
    const receiver = body.receiver.toLowerCase();
    const id = inTransaction(ctx, () => {
      if (!findUser(ctx.db, sender)) throw uidNotFound(sender);
      if (body.receiverType === 'user' && !findUser(ctx.db, receiver)) throw uidNotFound(receiver);
      if (body.receiverType === 'group' && !findGroup(ctx.db, receiver))
        throw guidNotFound(receiver);
      const rule = rules[ruleIds[body.ruleId]];
      const image = body.ruleId === 'image-moderation';
      if (!image && body.text === undefined)
        throw badRequest({ text: ['The text field is required for text rules.'] });
      const now = ctx.nowSeconds();
      return insertHeldBack(
        ctx.db,
        {
          sender,
          receiver,
          receiverType: body.receiverType,
          type: image ? 'image' : 'text',
          data: image ? imageData(now % 100_000) : { text: body.text ?? '' },
          sentAt: now,
        },
        rule,
      );
    });
    const row = findBlocked(ctx.db, id);
    return c.json({ data: row ? toBlockedItems(ctx.db, [row])[0] : null });
  });

  return app;
}
