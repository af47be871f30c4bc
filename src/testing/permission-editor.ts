import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { renderRoute } from './render';
import {
  installReportedPermissions,
  type ReportedPermissionsBackend,
} from './reported-permissions';
import { installTestBackend, type TestBackend } from './test-backend';

// The role permission editor's tests, in two files so both test workers share them. The network: the
// real console server in front of the in-process emulator (installTestBackend), which records the map
// each permission write's answer reports, as in production; installReportedPermissions stages reports
// and other admins' saves. What the editor shows after a save is what the console server recorded.

export const writes = (backend: TestBackend) => backend.requests.filter((r) => r.method !== 'GET');

export type Setup = (
  backend: TestBackend,
  reports: ReportedPermissionsBackend,
) => Promise<unknown> | void;

export async function openEditor(
  role: string,
  operator: 'admin' | 'moderator' = 'admin',
  before?: Setup,
) {
  const backend = installTestBackend({ role: operator });
  const reports = installReportedPermissions(backend);
  await before?.(backend, reports);
  const view = renderRoute(`/roles/${role}`);
  await screen.findByRole('tab', { name: 'Controls' });
  await allRows();
  return { backend, reports, ...view };
}

/** The controls mount their rows in batches after the first paint, busy meanwhile: wait for them all. */
export const allRows = () =>
  // A plain selector: a role query on every DOM change would cost more than the rows.
  waitFor(() => expect(document.querySelector('[role="tabpanel"] [aria-busy="true"]')).toBeNull(), {
    timeout: 4000,
  });

/** A save by someone else through the console before the editor opens: the service reports the role's map. */
export const reportedBefore: Setup = async (_backend, reports) => {
  const res = await reports.saveAs('another-admin', 'default', { 'listUsers.mode': 'friends' });
  expect(res.status).toBe(200);
};

/** Queries run inside one capability section: much faster than over the whole editor. */
export const section = (name: string) => within(screen.getByRole('region', { name }));
export const group = (sectionName: string, key: string) =>
  within(section(sectionName).getByRole('group', { name: key }));
export const row = (key: string) =>
  within(document.querySelector(`[data-permission="${key}"]`) as HTMLElement);
