import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logFlushMs } from './logger';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'console-log-')), 'server.log');
const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string });

describe("the console server's log on its own destination", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers lines and writes them together, at the latest after its flush period', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const file = tempFile();
    const logger = createLogger({ destination: file });
    for (const n of [1, 2, 3]) logger.info(`request ${n}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(linesOf(file)).toEqual([]);
    vi.advanceTimersByTime(logFlushMs);
    await vi.waitFor(() => expect(linesOf(file)).toHaveLength(3));
    expect(linesOf(file).map((line) => line.msg)).toEqual(['request 1', 'request 2', 'request 3']);
  });

  it('writes a warning at once, with the lines before it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const file = tempFile();
    const logger = createLogger({ destination: file });
    logger.info('request 1');
    logger.warn({ apiKey: 'secret-key' }, 'upstream refused the key');
    await vi.waitFor(() => expect(linesOf(file)).toHaveLength(2));
    expect(readFileSync(file, 'utf8')).not.toContain('secret-key');
  });

  it('writes what it gathered when the process exits', () => {
    const file = tempFile();
    const script = `
      import { createLogger } from ${JSON.stringify(join(import.meta.dirname, 'logger.ts'))};
      const logger = createLogger({ destination: ${JSON.stringify(file)} });
      for (const n of [1, 2, 3]) logger.info('request ' + n);
      process.exit(0);
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(linesOf(file).map((line) => line.msg)).toEqual(['request 1', 'request 2', 'request 3']);
  });
});
