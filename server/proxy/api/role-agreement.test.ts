import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { can } from '../../../src/api/contract/capabilities';
import {
  chatOperations,
  operationLabel,
  type OperationName,
} from '../../../src/api/contract/operations';
import { operatorRoleSchema } from '../../../src/api/schemas/session';
import { createHarness, type Harness } from '../test-support/harness';
import { sampleRequest } from '../test-support/samples';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const roles = operatorRoleSchema.options;

/** A body that asks for each operation's escalation; every escalation needs one here. */
const escalatingBodies: Partial<Record<OperationName, unknown>> = {
  'messages.delete': { permanent: true },
};

/**
 * The UI shows a control when `can(role, capability)` is true; the console server must forward
 * exactly those calls and refuse every other with 403, for every operation and every role.
 */
describe('the console server and the UI agree on every operation × role', () => {
  it.each(chatOperations.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const sample = sampleRequest(op);
    for (const role of roles) {
      h.upstream.seen.length = 0;
      const before = (await h.auditRows()).length;
      const res = await h.call(op.method, sample.apiPath, {
        cookie: h.cookies[role],
        headers: sample.headers,
        body: sample.body,
      });
      if (can(role, op.capability)) {
        expect(res.status, `${role} may ${op.capability}`).toBe(200);
        expect(h.upstream.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
          `${op.method} ${sample.upstreamUrl}`,
        ]);
      } else {
        expect(res.status, `${role} may not ${op.capability}`).toBe(403);
        expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_FORBIDDEN' } });
        expect(h.upstream.seen).toEqual([]);
        expect((await h.auditRows()).slice(before)).toEqual([
          expect.objectContaining({
            operator: role,
            role,
            action: op.name,
            operation: operationLabel(op),
            outcome: 'denied',
            detail: 'role',
            status: 403,
          }),
        ]);
      }
    }
  });

  const escalating = chatOperations.filter((op) => op.escalation);
  it.each(escalating.map((op) => [op.name, op] as const))(
    '%s, asking for more than its default',
    async (name, op) => {
      const escalation = op.escalation;
      const body = escalatingBodies[name];
      if (!escalation || body === undefined) throw new Error(`no escalating body for ${name}`);
      expect(escalation.when(body)).toBe(true);
      const sample = sampleRequest(op);
      for (const role of roles) {
        h.upstream.seen.length = 0;
        const res = await h.call(op.method, sample.apiPath, {
          cookie: h.cookies[role],
          headers: sample.headers,
          body,
        });
        const allowed = can(role, op.capability) && can(role, escalation.capability);
        expect(res.status, `${role} ${escalation.capability}`).toBe(allowed ? 200 : 403);
        expect(h.upstream.seen.map((s) => s.body)).toEqual(allowed ? [JSON.stringify(body)] : []);
        if (!allowed && can(role, op.capability)) {
          expect((await h.auditRows()).at(-1)).toMatchObject({
            operator: role,
            detail: `role: ${escalation.what}`,
            outcome: 'denied',
          });
        }
      }
    },
  );
});
