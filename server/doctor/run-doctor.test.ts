import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readOperations } from '../../src/api/contract/responses';
import { chatServiceReportSchema } from '../../src/api/schemas/chat-service';
import { createEmulatorApp } from '../emulator/app';
import { seedDemo } from '../emulator/seed';
import { openStore } from '../emulator/store';
import { createTestEmulator, testApiKey } from '../emulator/test-support';
import { fetchHandlerForward, type ForwardFn } from '../proxy/api/forward';
import { renderReport } from './render';
import { runDoctor } from './run-doctor';

const baseUrl = 'https://chat.invalid/v3';

/** Every GET the doctor sent, to prove it only reads. */
function recording(forward: ForwardFn) {
  const methods: string[] = [];
  const wrapped: ForwardFn = (req) => {
    methods.push(req.method);
    return forward(req);
  };
  return { methods, forward: wrapped };
}

const byId = (report: { checks: { id: string }[] }, id: string) =>
  report.checks.find((c) => c.id === id);

describe('runDoctor against the emulator', () => {
  it('reports green with every read parsed, through GETs only, and prints no key nor value', async () => {
    const emulator = createTestEmulator();
    const via = recording(fetchHandlerForward((req) => emulator.app.fetch(req)));
    const report = await runDoctor({
      baseUrl,
      apiKey: testApiKey,
      forward: via.forward,
      network: false,
    });

    expect(chatServiceReportSchema.parse(report)).toEqual(report);
    expect(report.ok).toBe(true);
    expect(report.verdict).toMatch(/^Ready: /);
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(byId(report, 'key')).toMatchObject({ status: 'pass' });
    expect(byId(report, 'rate-limit')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/of 20,000 requests left/) as unknown,
    });
    const reads = report.checks.filter((c) => c.group === 'reads');
    expect(reads.map((c) => c.title)).toEqual(readOperations);
    for (const read of reads)
      expect(read, read.title).toMatchObject({ status: 'pass', detail: 'Parses.' });
    expect(new Set(via.methods)).toEqual(new Set(['GET']));

    const text = renderReport(report);
    expect(text).toContain('✓ GET /messages/{id}/reactions/{reaction}');
    expect(text).not.toContain(testApiKey);
    const users = z
      .array(z.object({ uid: z.string(), name: z.string() }))
      .parse(emulator.store.db.prepare('SELECT uid, name FROM users').all());
    expect(users.length).toBeGreaterThan(0);
    const json = JSON.stringify(report);
    for (const value of users.flatMap((u) => [u.uid, u.name])) {
      expect(text).not.toContain(value);
      expect(json).not.toContain(value);
    }
  });

  it('says the key is wrong, and skips what depends on it', async () => {
    const emulator = createTestEmulator();
    const report = await runDoctor({
      baseUrl,
      apiKey: 'not-the-key-0123456789',
      forward: fetchHandlerForward((req) => emulator.app.fetch(req)),
      network: false,
    });
    expect(report.ok).toBe(false);
    expect(byId(report, 'key')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(
        'does not know this API key (HTTP 401, AUTH_ERR_APIKEY_NOT_FOUND)',
      ) as unknown,
      hint: expect.stringContaining('CHAT_API_KEY') as unknown,
    });
    expect(report.verdict).toMatch(/^Not usable: The service does not know this API key/);
    const reads = report.checks.filter((c) => c.group === 'reads');
    expect(reads).toHaveLength(readOperations.length);
    expect(reads.every((c) => c.status === 'skip')).toBe(true);
    expect(JSON.stringify(report)).not.toContain('not-the-key-0123456789');
  });

  it('marks a read "skipped: no group to read" when the service has none', async () => {
    const store = openStore({ file: ':memory:' });
    try {
      const app = createEmulatorApp({ store, apiKey: 'k-empty-service' });
      const report = await runDoctor({
        baseUrl,
        apiKey: 'k-empty-service',
        forward: fetchHandlerForward((req) => app.fetch(req)),
        network: false,
      });
      expect(byId(report, 'read:GET /groups')).toMatchObject({ status: 'pass' });
      expect(byId(report, 'read:GET /groups/{guid}')).toMatchObject({
        status: 'skip',
        detail: 'Skipped: no group to read.',
      });
      expect(byId(report, 'read:GET /users/{uid}')).toMatchObject({
        status: 'skip',
        detail: 'Skipped: no user to read.',
      });
      expect(byId(report, 'read:GET /notifications/v1/preferences')).toMatchObject({
        status: 'skip',
      });
      expect(report.ok).toBe(true);
    } finally {
      store.close();
    }
  });

  it('counts list items the console cannot read as unsupported, not as a failure', async () => {
    const store = openStore({ file: ':memory:' });
    seedDemo(store);
    const app = createEmulatorApp({ store, apiKey: testApiKey });
    try {
      // One user without a name: the user schema needs one, the lenient list sets it aside.
      const odd: ForwardFn = async (req) => {
        const res = await fetchHandlerForward((r) => app.fetch(r))(req);
        if (!new URL(req.url).pathname.endsWith('/users')) return res;
        const json = z
          .looseObject({ data: z.array(z.unknown()) })
          .parse(JSON.parse(Buffer.from(res.body).toString('utf8')));
        json.data.push({ uid: 'no-name-user' });
        return { ...res, body: new Uint8Array(Buffer.from(JSON.stringify(json))) };
      };
      const report = await runDoctor({ baseUrl, apiKey: testApiKey, forward: odd, network: false });
      expect(byId(report, 'read:GET /users')).toMatchObject({
        status: 'pass',
        detail: 'Parses (1 item unsupported).',
      });
      expect(JSON.stringify(report)).not.toContain('no-name-user');
    } finally {
      store.close();
    }
  });
});
