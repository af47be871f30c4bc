import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addOperator } from '../auth/operators';
import { startConsole, type StartConsoleOptions } from '../start';
import { startEchoUpstream, type Reply, type SeenRequest } from './echo-upstream';
import { memoryLogger, testHashCost, testPassword } from './harness';

/** A real listening console (port 0) in front of a recording upstream, for tests on raw sockets. */
export async function startLiveConsole(
  opts: { reply?: (req: SeenRequest) => Reply; console?: Partial<StartConsoleOptions> } = {},
) {
  const upstream = await startEchoUpstream(opts.reply);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'));
  const apiKey = `CANARY-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const { logger, lines } = memoryLogger();
  const running = await startConsole({
    port: 0,
    dataDir,
    upstream: { baseUrl: upstream.baseUrl, apiKey },
    logger,
    testHooks: { passwordHashCost: testHashCost },
    timeouts: { connectMs: 500, headersMs: 300, bodyMs: 1000 },
    ...opts.console,
  });
  const port = Number(new URL(running.url).port);
  /** Adds an admin operator and signs it in; returns its session cookie. */
  const signIn = async (username: string) => {
    await addOperator(
      running.store,
      { username, role: 'admin', password: testPassword },
      { hashCost: testHashCost },
    );
    const res = await fetch(`${running.url}/auth/login`, {
      method: 'POST',
      headers: {
        origin: running.url,
        'content-type': 'application/json',
        'x-requested-with': 'test',
      },
      body: JSON.stringify({ username, password: testPassword }),
    });
    return (res.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  };
  const cookie = await signIn('ops');
  return {
    running,
    upstream,
    port,
    apiKey,
    lines,
    cookie,
    signIn,
    async close() {
      await running.close();
      await upstream.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LiveConsole = Awaited<ReturnType<typeof startLiveConsole>>;
