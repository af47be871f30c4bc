import { http } from 'msw';
import type { PermissionMap } from '@/api/schemas/role';
import { effectivePermissions } from '../../server/emulator/repo/roles';
import type { UpstreamAnswer } from '../../server/proxy/context';
import {
  createReportedPermissionsObserver,
  latestReportedPermissions,
  recordReportedPermissions,
} from '../../server/proxy/api/reported-permissions';
import { openConsoleStore, type ConsoleStore } from '../../server/proxy/store/store';
import { mswServer } from './msw-server';
import type { TestBackend } from './test-backend';

export interface ReportedPermissionsBackend {
  /** The console server's store, holding the reports. */
  store: ConsoleStore;
  /** Records a report directly, as if an earlier permission write had drawn it. */
  report: (role: string, permissions: PermissionMap, options?: { by?: string; at?: number }) => void;
  /** Another operator's save through the console: the write reaches the service and its answer is recorded. */
  saveAs: (operator: string, role: string, permissions: PermissionMap) => Promise<Response>;
  /** The role's map as the service holds it now (every catalog key), read from the emulator's store. */
  serviceMap: (role: string) => PermissionMap;
}

const silent = { debug: () => undefined, warn: () => undefined };

/**
 * The console server's part of the role editor's network, on top of `installTestBackend`:
 * `GET /console/roles/:role/reported-permissions` reads a real console store (fresh, in memory), and
 * the app's permission writes (`PUT …/permissions`, `DELETE …/permissions/:permission`) go to the
 * emulator as before, with their answers passed to the console server's real observer, as the console
 * server does. Session and operator checks of the real route are not emulated here (server tests
 * cover them); the operator named in reports is `operator`.
 */
export function installReportedPermissions(
  backend: TestBackend,
  options: { operator?: string } = {},
): ReportedPermissionsBackend {
  const operator = options.operator ?? 'test-admin';
  const store = openConsoleStore({ file: ':memory:' });
  const observe = createReportedPermissionsObserver(store, silent);
  // Strictly increasing times, so "newer" never depends on two saves landing in different ms.
  let last = 0;
  const now = () => (last = Math.max(Date.now(), last + 1));
  let reqId = 0;

  const observed = async (
    response: Response,
    answer: Omit<UpstreamAnswer, 'status' | 'body' | 'at' | 'reqId'>,
  ) => {
    const body = new Uint8Array(await response.arrayBuffer());
    observe({ ...answer, status: response.status, body, at: now(), reqId: `test-${++reqId}` });
    return new Response(body, { status: response.status, headers: response.headers });
  };

  const write = async (
    who: string,
    method: 'PUT' | 'DELETE',
    path: string,
    params: Record<string, string>,
    body?: unknown,
  ) => {
    const operation =
      method === 'PUT' ? 'PUT /roles/{role}/permissions' : 'DELETE /roles/{role}/permissions/{permission}';
    return observed(await backend.call(method, path, body), { operation, method, params, operator: who });
  };

  mswServer.use(
    http.get('*/console/roles/:role/reported-permissions', ({ params }) =>
      Response.json({ data: latestReportedPermissions(store, String(params.role)) }),
    ),
    http.put('*/api/roles/:role/permissions', async ({ request, params }) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      backend.requests.push({ method: 'PUT', path, body });
      return write(operator, 'PUT', path, { role: decodeURIComponent(String(params.role)) }, body);
    }),
    http.delete('*/api/roles/:role/permissions/:permission', ({ request, params }) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      backend.requests.push({ method: 'DELETE', path, body: undefined });
      const named = {
        role: decodeURIComponent(String(params.role)),
        permission: decodeURIComponent(String(params.permission)),
      };
      return write(operator, 'DELETE', path, named);
    }),
  );

  return {
    store,
    report: (role, permissions, o = {}) =>
      recordReportedPermissions(store, {
        role,
        permissions,
        reportedAt: o.at ?? now(),
        reportedBy: o.by ?? 'another-admin',
        operation: 'PUT',
        requestId: `seeded-${++reqId}`,
      }),
    saveAs: (who, role, permissions) =>
      write(who, 'PUT', `/roles/${role}/permissions`, { role }, { permissions }),
    serviceMap: (role) => effectivePermissions(backend.store.db, role),
  };
}
