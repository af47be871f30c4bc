import { Writable } from 'node:stream';
import type { OperatorRole } from '@/api/schemas/session';
import { createProxyApp } from '../../server/proxy/app';
import type { ForwardFn } from '../../server/proxy/api/forward';
import { addOperator } from '../../server/proxy/auth/operators';
import { createLogger } from '../../server/proxy/http/logger';
import { testHashCost } from '../../server/proxy/test-support/hash-cost';
import { openTestStore } from '../../server/proxy/test-support/test-store';

export const operatorPassword = 'correct horse battery staple';
export { testHashCost };
export const operatorRoles = [
  'admin',
  'moderator',
  'support',
] as const satisfies readonly OperatorRole[];

/** The operator signed in for a role unless a test names its own. */
export const defaultOperator = (role: OperatorRole) => `test-${role}`;

/**
 * The console server as `npm start` builds it (`createProxyApp`), in process, on a fresh in-memory
 * store (`openTestStore`), serving `host` and sending chat calls to `forward`. `addOperators()` adds one operator per
 * role (`test-admin`, `test-moderator`, `test-support`), all with `operatorPassword`.
 */
export async function createTestConsole(opts: {
  host: string;
  forward: ForwardFn;
  upstreamKey: string;
}) {
  const store = await openTestStore();
  const addOperatorAs = (username: string, role: OperatorRole) =>
    addOperator(store, { username, role, password: operatorPassword }, { hashCost: testHashCost });
  const instance = (forward: ForwardFn) =>
    createProxyApp(
      {
        store,
        upstream: { baseUrl: 'http://emulator.invalid/v3', apiKey: opts.upstreamKey },
        forward,
        allowedHosts: [opts.host],
        logger: createLogger({
          stream: new Writable({ write: (_chunk, _encoding, done) => done() }),
        }),
      },
      { passwordHashCost: testHashCost },
    );
  return {
    app: instance(opts.forward),
    /** Another console server on the same store (sessions, audit, reports), sending to `forward`. */
    instance,
    store,
    addOperator: addOperatorAs,
    addOperators: () =>
      Promise.all(operatorRoles.map((role) => addOperatorAs(defaultOperator(role), role))),
  };
}

export type TestConsole = Awaited<ReturnType<typeof createTestConsole>>;
