import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { can } from '../../../src/api/contract/capabilities';
import { consoleRoutes, type ConsoleRoute } from '../../../src/api/contract/console-routes';
import { operatorRoleSchema } from '../../../src/api/schemas/session';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const roles = operatorRoleSchema.options;
const label = (route: Pick<ConsoleRoute, 'method' | 'template'>) =>
  `${route.method} ${route.template}`;

/** A concrete path for a route: an operator that does not exist, a role that does. */
const samplePath = (template: string) =>
  template.replace('{username}', 'nobody').replace('{role}', 'default');

/** Bodies for the routes that take one (the handler may find them invalid). */
const sampleBody = (route: ConsoleRoute) =>
  route.method === 'POST' || route.method === 'PATCH' ? {} : undefined;

async function expectAgreement(
  route: ConsoleRoute,
  query: string,
  allowed: (role: (typeof roles)[number]) => boolean,
) {
  for (const role of roles) {
    const before = (await h.auditRows()).length;
    const res = await h.call(route.method, `${samplePath(route.template)}${query}`, {
      cookie: h.cookies[role],
      body: sampleBody(route),
    });
    if (allowed(role)) {
      // Reaches the handler, which may still find the input invalid or the operator unknown.
      expect([401, 403], `${role} ${label(route)}${query}`).not.toContain(res.status);
      const denied = (await h.auditRows()).slice(before).filter((row) => row.outcome === 'denied');
      expect(denied, `${role} ${label(route)}${query}`).toEqual([]);
    } else {
      expect(res.status, `${role} ${label(route)}${query}`).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_FORBIDDEN' } });
      expect((await h.auditRows()).slice(before)).toEqual([
        expect.objectContaining({ operator: role, outcome: 'denied', detail: 'role', status: 403 }),
      ]);
    }
  }
}

describe('the console server and the UI agree on every /console route × role', () => {
  it.each(consoleRoutes.map((route) => [label(route), route] as const))(
    '%s',
    async (_label, route) => {
      await expectAgreement(route, '', (role) => can(role, route.capability));
    },
  );

  it('grants the narrower capability of a route only for the requests it covers', async () => {
    const narrowed = consoleRoutes.filter((route) => route.narrower);
    expect(narrowed.map(label)).toEqual(['GET /console/audit']);
    const audit = narrowed[0];
    if (!audit?.narrower) throw new Error('no narrower grant');
    const history = audit.narrower.capability;
    for (const operation of ['blocked.review', 'messages.delete']) {
      await expectAgreement(
        audit,
        `?operation=${operation}`,
        (role) => can(role, audit.capability) || can(role, history),
      );
    }
    for (const operation of ['users.deactivate', 'permissions.set', '']) {
      await expectAgreement(audit, `?operation=${operation}`, (role) =>
        can(role, audit.capability),
      );
    }
  });

  it('mounts exactly the routes of the contract, and refuses any other /console path', async () => {
    const mounted = h.app.routes
      .filter((r) => r.path.startsWith('/console/') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(new Set(mounted)).toEqual(new Set(consoleRoutes.map(label)));
    for (const path of ['/console/nope', '/console/operators/', '/console/audit/x', '/console']) {
      const res = await h.call('GET', path, { cookie: h.cookies.admin });
      expect(res.status, path).toBe(404);
    }
    expect(
      (await h.call('PUT', '/console/operators', { cookie: h.cookies.admin, body: {} })).status,
    ).toBe(404);
  });
});
