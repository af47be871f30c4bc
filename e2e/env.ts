/**
 * Which stack the journeys run against: one console on its SQLite store (`single`, what `npm start`
 * runs), or two replicas on one PostgreSQL database behind a round-robin balancer (`replicas`).
 */
export const e2eStack = process.env.E2E_STACK === 'replicas' ? 'replicas' : 'single';
/**
 * `E2E_SHARD=2/3`: this run is the second of three that share the stack's journey files out, each
 * on a stack of its own, by recorded time (decisions 0051 and 0055). Unset: one run takes them all.
 */
export const e2eShard = parseShard(process.env.E2E_SHARD);

function parseShard(value: string | undefined): { current: number; total: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return undefined;
  const [current, total] = [Number(match[1]), Number(match[2])];
  if (current < 1 || current > total) throw new Error(`E2E_SHARD=${value}: not "current/total"`);
  return { current, total };
}

/**
 * Ports, data dir, key and operator accounts of the end-to-end stack (never the ones `npm start`
 * uses). Every stack sits on ports of its own, 30 apart: the single console (or its shards) at 0,
 * 60, 120…, the replicas (or their shards) at 30, 90, 150…, so stacks run side by side.
 */
const lane = ((e2eShard?.current ?? 1) - 1) * 2 + (e2eStack === 'replicas' ? 1 : 0);
const portOf = (variable: string, first: number) =>
  Number(process.env[variable] ?? first) + lane * 30;
const consolePort = portOf('E2E_CONSOLE_PORT', 8180);
const emulatorPort = portOf('E2E_EMULATOR_PORT', 8190);
const identityProviderPort = portOf('E2E_IDP_PORT', 8195);
/** The replicas' own ports; the balancer listens on the console's. */
export const replicaPorts = [consolePort + 1, consolePort + 2] as const;
/** Everything the e2e stack writes (data, server log); separate dirs and ports let runs coexist. */
const dir =
  process.env.E2E_DIR ??
  `.e2e${e2eStack === 'replicas' ? '-replicas' : ''}${e2eShard ? `-${e2eShard.current}` : ''}`;

/** A canary key: the suite asserts it never shows up in anything the browser receives or the logs. */
export const canaryKey = 'CANARY-e2e-0f8b6d2c9a7e41d3b5';

export const e2eEnv = {
  consoleUrl: `http://127.0.0.1:${consolePort}`,
  emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
  /** The OpenID provider the console's single sign-on uses (server/proxy/test-support). */
  identityProviderUrl: `http://127.0.0.1:${identityProviderPort}`,
  identityProviderPort,
  /** The console that real-service.spec.ts starts on its stand-in of the real Chat API. */
  realServicePort: portOf('E2E_REAL_CONSOLE_PORT', 8200),
  dir,
  dataDir: `${dir}/data`,
  serverEnv: {
    CONSOLE_PORT: String(consolePort),
    EMULATOR_PORT: String(emulatorPort),
    CONSOLE_DATA_DIR: `${dir}/data`,
    EMULATOR_DATA_DIR: `${dir}/data/emulator`,
    EMULATOR_API_KEY: canaryKey,
    EMULATOR_ADMIN: '1',
    // No demo arrivals: the suite counts what the queue holds.
    EMULATOR_DEMO_ARRIVAL_SECONDS: '0',
    // No demo moderators in the audit trail: the journeys read their own operators' rows.
    EMULATOR_DEMO_HISTORY: '0',
    LOG_LEVEL: 'info',
    // The live queue polls often here, so a decision in one browser shows in another within seconds.
    CONSOLE_QUEUE_POLL_SECONDS: '2',
    CONSOLE_OIDC_ISSUER: `http://127.0.0.1:${identityProviderPort}`,
    CONSOLE_OIDC_CLIENT_ID: 'chat-admin-console',
    CONSOLE_OIDC_CLIENT_SECRET: 'test-client-secret-0123456789',
    CONSOLE_OIDC_ROLES: 'admin=console-admins,moderator=trust-and-safety,support=support-desk',
    CONSOLE_OIDC_LABEL: 'Example ID',
  },
};

export const operators = {
  admin: { username: 'ada', password: 'admin-password-e2e', role: 'admin' },
  moderator: { username: 'mo', password: 'moderator-password-e2e', role: 'moderator' },
  /** A second moderator, for two people working one queue. */
  moderator2: { username: 'alex', password: 'second-moderator-password-e2e', role: 'moderator' },
  support: { username: 'sam', password: 'support-password-e2e', role: 'support' },
} as const;

export type OperatorKey = keyof typeof operators;
