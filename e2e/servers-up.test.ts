import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServers, type ServerToStart } from './servers-up';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A server answering 401 (as the console's /auth/me does) from a node under the shell, so a grandchild. */
function answering(port: number, { ignoreTerm = false } = {}): ServerToStart {
  const code = [
    ignoreTerm ? "process.on('SIGTERM', () => {});" : '',
    `require('http').createServer((q, s) => { s.statusCode = 401; s.end(); }).listen(${port}, '127.0.0.1');`,
  ].join('');
  return {
    command: `sleep 0.3 && "${process.execPath}" -e "${code}"`,
    url: `http://127.0.0.1:${port}/auth/me`,
    timeout: 10_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 500 },
  };
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    return true;
  } catch {
    return false;
  }
}

describe('the journeys’ servers started ahead of Playwright', () => {
  it('is up once every server answers, and stop ends each whole process group', async () => {
    const ports = [await freePort(), await freePort()];
    const { up, stop } = startServers(ports.map((port) => answering(port)));
    await up;
    expect(await Promise.all(ports.map(answers))).toEqual([true, true]);
    await stop();
    expect(await Promise.all(ports.map(answers))).toEqual([false, false]);
  });

  it('stops what it started when a server ends before it answers, and says which', async () => {
    const port = await freePort();
    const broken = { ...answering(await freePort()), command: 'exit 3' };
    const { up } = startServers([answering(port), broken]);
    await expect(up).rejects.toThrow(`${broken.url}: its server stopped (3)`);
    expect(await answers(port)).toBe(false);
  });

  it('kills a server that ignores the stop signal once its grace is over', async () => {
    const port = await freePort();
    const { up, stop } = startServers([answering(port, { ignoreTerm: true })]);
    await up;
    await stop();
    expect(await answers(port)).toBe(false);
  });
});
