import type { PermissionMap } from '@/api/schemas/role';
import { effectivePermissions } from '../../server/emulator/repo/roles';
import { findOperator } from '../../server/proxy/auth/operators';
import { recordReportedPermissions } from '../../server/proxy/api/reported-permissions';
import type { ConsoleStore } from '../../server/proxy/store/store';
import type { TestBackend } from './test-backend';

export interface ReportedPermissionsBackend {
  /** The console server's store, holding the reports (there once the backend is ready). */
  readonly store: ConsoleStore;
  /** Records a report directly, as if an earlier permission write had drawn it. */
  report: (
    role: string,
    permissions: PermissionMap,
    options?: { by?: string; at?: number },
  ) => Promise<void>;
  /**
   * Another admin's save through the console server, from their own browser: the write reaches the
   * service and the console server records the map its answer reports.
   */
  saveAs: (operator: string, role: string, permissions: PermissionMap) => Promise<Response>;
  /** The role's map as the service holds it now (every catalog key), read from the emulator's store. */
  serviceMap: (role: string) => PermissionMap;
}

/**
 * The role editor's view of the console server's reported maps, on top of `installTestBackend`: the
 * app's permission writes and `GET /console/roles/:role/reported-permissions` already go through the
 * real console server, which records what each write's answer reports; this adds ways to stage
 * reports and other operators' saves.
 */
export function installReportedPermissions(backend: TestBackend): ReportedPermissionsBackend {
  let seeded = 0;
  // Reports staged without a time are newer than any before them, whatever the clock's resolution.
  let last = 0;
  const now = () => (last = Math.max(Date.now(), last + 1));

  const saveAs = async (operator: string, role: string, permissions: PermissionMap) => {
    await backend.ready;
    if (!(await findOperator(backend.console.store, operator)))
      await backend.console.addOperator(operator, 'admin');
    const theirs = backend.otherBrowser();
    await theirs.signIn(operator);
    return theirs.call('PUT', `/api/roles/${encodeURIComponent(role)}/permissions`, {
      body: { permissions },
    });
  };

  return {
    get store() {
      return backend.console.store;
    },
    report: async (role, permissions, o = {}) => {
      await backend.ready;
      await recordReportedPermissions(backend.console.store, {
        role,
        permissions,
        reportedAt: o.at ?? now(),
        reportedBy: o.by ?? 'another-admin',
        operation: 'PUT',
        requestId: `seeded-${++seeded}`,
      });
    },
    saveAs,
    serviceMap: (role) => effectivePermissions(backend.store.db, role),
  };
}
