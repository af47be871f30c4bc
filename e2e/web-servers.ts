import type { PlaywrightTestConfig } from '@playwright/test';
import { e2eEnv, e2eStack } from './env';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { url?: string }> & {
  url: string;
  timeout: number;
  gracefulShutdown: { signal: 'SIGTERM'; timeout: number };
};

/**
 * `npm test` starts each lane's servers itself while the static checks run (e2e/start-servers.ts) and
 * says so with E2E_SERVERS_UP=1: Playwright then uses the servers that answer instead of starting
 * them (decision 0057). Anywhere else Playwright starts and stops them.
 */
const reuseExistingServer = process.env.E2E_SERVERS_UP === '1';

/** The processes a stack's journeys run against, in the order they start. */
export const webServers: WebServer[] = [
  // The OpenID provider the console's single sign-on is set up with (e2e/env.ts).
  {
    command: 'npx tsx e2e/identity-provider.ts',
    url: `${e2eEnv.identityProviderUrl}/.well-known/openid-configuration`,
    reuseExistingServer,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
  e2eStack === 'replicas'
    ? // Two replicas of the real `npm start` program on one PostgreSQL behind a balancer.
      {
        command: 'npx tsx e2e/replica-stack.ts',
        url: `${e2eEnv.consoleUrl}/auth/me`,
        reuseExistingServer,
        timeout: 180_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      }
    : // The real `npm start` program, on its own ports and data dir, after operators are created with the CLI.
      {
        command: `npx tsx e2e/prepare.ts && npx tsx server/main.ts --no-build > ${e2eEnv.dir}/server.log 2>&1`,
        // /auth/me answers 401 until sign-in; any answer means the server is up.
        url: `${e2eEnv.consoleUrl}/auth/me`,
        reuseExistingServer,
        timeout: 180_000,
        env: { ...e2eEnv.serverEnv, E2E_DIR: e2eEnv.dir },
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      },
];
