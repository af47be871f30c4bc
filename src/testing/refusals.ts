import { expect } from 'vitest';
import type { TestBackend } from './test-backend';

const refusals = (backend: TestBackend) =>
  backend.console.store.db
    .selectFrom('audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('outcome', 'in', ['denied', 'failed'])
    .executeTakeFirstOrThrow();

/**
 * `call` (the app's own API function, so the very request its control would send) is refused by the
 * console server with `status`, the refusal is in the audit trail, and no write reached the chat
 * service.
 */
export async function expectRefused(
  backend: TestBackend,
  call: () => Promise<unknown>,
  status: 403 | 409 = 403,
): Promise<void> {
  const before = backend.requests.length;
  const audited = await refusals(backend);
  await expect(call()).rejects.toMatchObject({
    status,
    code: status === 403 ? 'CONSOLE_FORBIDDEN' : 'CONSOLE_CONFLICT',
  });
  expect(backend.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  expect(await refusals(backend)).not.toEqual(audited);
}

/** The writes that reached the chat service, as `METHOD path`. */
export const serviceWrites = (backend: TestBackend) =>
  backend.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
