import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  reasonListResponseSchema,
  reasonResponseSchema,
} from '../../src/api/schemas/moderation-reason';
import { startEmulator, strictFromEnv } from './start';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-start-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const apiKey = 'start-test-key';
const headers = { apikey: apiKey, 'content-type': 'application/json' };

describe('startEmulator', () => {
  it('serves the seeded API on 127.0.0.1 and keeps writes across a restart', async () => {
    const dir = dataDir();
    const first = await startEmulator({ port: 0, dataDir: dir, apiKey });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v3$/);
    const created = await fetch(`${first.url}/moderation/reasons`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: 'kept', name: 'Kept across restarts' }),
    });
    expect(reasonResponseSchema.parse(await created.json()).data.id).toBe('kept');
    await first.close();

    const second = await startEmulator({ port: 0, dataDir: dir, apiKey });
    const list = reasonListResponseSchema.parse(
      await (await fetch(`${second.url}/moderation/reasons`, { headers })).json(),
    );
    expect(list.data.map((r) => r.id)).toContain('kept');
    expect(list.data).toHaveLength(7);
    await second.close();

    const reset = await startEmulator({ port: 0, dataDir: dir, apiKey, reset: true });
    const after = reasonListResponseSchema.parse(
      await (await fetch(`${reset.url}/moderation/reasons`, { headers })).json(),
    );
    expect(after.data.map((r) => r.id)).not.toContain('kept');
    await reset.close();
  });

  it('refuses a second emulator on the same data directory with a clear message', async () => {
    const dir = dataDir();
    const running = await startEmulator({ port: 0, dataDir: dir, apiKey });
    await expect(startEmulator({ port: 0, dataDir: dir, apiKey })).rejects.toThrow(
      /Another emulator|already holds the lock/,
    );
    await running.close();
  });

  it('releases the store when the port is taken', async () => {
    const dir = dataDir();
    const other = await startEmulator({ port: 0, dataDir: dataDir(), apiKey });
    const port = Number(new URL(other.url).port);
    await expect(startEmulator({ port, dataDir: dir, apiKey })).rejects.toThrow(/EADDRINUSE/);
    const retry = await startEmulator({ port: 0, dataDir: dir, apiKey });
    await retry.close();
    await other.close();
  });
});

describe('strict mode at start', () => {
  it('reads EMULATOR_STRICT: on unless 0 or false, a clear error otherwise', () => {
    expect([undefined, '', '1', 'true'].map(strictFromEnv)).toEqual([true, true, true, true]);
    expect(['0', 'false'].map(strictFromEnv)).toEqual([false, false]);
    expect(() => strictFromEnv('off')).toThrow(/EMULATOR_STRICT must be 0 or 1/);
  });

  it('refuses undocumented parameters by default and accepts them with strict: false', async () => {
    const strict = await startEmulator({ port: 0, dataDir: dataDir(), apiKey, strict: true });
    const loose = await startEmulator({ port: 0, dataDir: dataDir(), apiKey, strict: false });
    try {
      expect(
        (await fetch(`${strict.url}/moderation/blocked-messages?limit=5`, { headers })).status,
      ).toBe(400);
      expect(
        (await fetch(`${loose.url}/moderation/blocked-messages?limit=5`, { headers })).status,
      ).toBe(200);
    } finally {
      await strict.close();
      await loose.close();
    }
  });
});
