import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatServiceResponseSchema } from '../../../src/api/schemas/chat-service';
import { startEmulator, type RunningEmulator } from '../../emulator/start';
import { createPoolForward } from '../api/forward';
import { createHarness, type Harness } from '../test-support/harness';

const emulatorKey = 'emulator-key-for-the-doctor';
let dataDir: string;
let emulator: RunningEmulator;
let pool: ReturnType<typeof createPoolForward>;
let h: Harness;

/** The console in front of a real emulator on a local port, so DNS/TCP probes have something to reach. */
async function consoleWithKey(apiKey: string) {
  pool = createPoolForward(emulator.url);
  h = await createHarness({
    deps: { upstream: { baseUrl: emulator.url, apiKey }, forward: pool.forward },
  });
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'doctor-route-'));
  emulator = await startEmulator({ port: 0, dataDir, apiKey: emulatorKey });
});
afterEach(async () => {
  await h.close();
  await pool.close();
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /console/chat-service', () => {
  it('gives admins the report of the configured service, without the key', async () => {
    await consoleWithKey(emulatorKey);
    const res = await h.call('GET', '/console/chat-service', { cookie: h.cookies.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).not.toContain(emulatorKey);
    const { data: report } = chatServiceResponseSchema.parse(JSON.parse(text));
    expect(report.ok).toBe(true);
    expect(report.target.baseUrl).toBe(emulator.url);
    expect(report.checks.find((c) => c.id === 'connect')).toMatchObject({ status: 'pass' });
    expect(report.checks.find((c) => c.id === 'key')).toMatchObject({ status: 'pass' });
    expect(report.checks.filter((c) => c.group === 'reads').every((c) => c.status === 'pass')).toBe(
      true,
    );
  });

  it('shows admins a red report for a wrong key', async () => {
    await consoleWithKey('a-key-the-emulator-does-not-know');
    const res = await h.call('GET', '/console/chat-service', { cookie: h.cookies.admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('a-key-the-emulator-does-not-know');
    const { data: report } = chatServiceResponseSchema.parse(JSON.parse(text));
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.id === 'key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('AUTH_ERR_APIKEY_NOT_FOUND') as unknown,
    });
  });

  it('is for admins only', async () => {
    await consoleWithKey(emulatorKey);
    for (const role of ['moderator', 'support'] as const) {
      const res = await h.call('GET', '/console/chat-service', { cookie: h.cookies[role] });
      expect(res.status, role).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'CONSOLE_FORBIDDEN' } });
    }
    expect((await h.call('GET', '/console/chat-service')).status).toBe(401);
  });
});
