import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';
import { readCheckEveryMs } from './answer-check';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const warnings = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'chat service answer does not have the documented shape');

describe('answers that do not have the documented shape', () => {
  it('pass a write through as success and log the operation and the problem, never values', async () => {
    h = await createHarness({
      reply: () => ({
        status: 200,
        body: JSON.stringify({ data: { secretish: 'value-0042', permissions: 'not-a-map' } }),
      }),
    });
    const res = await h.call('PUT', '/api/roles/default/permissions', {
      cookie: h.cookies.admin,
      body: { permissions: { createGroup: 'deny' } },
    });
    expect(res.status).toBe(200);
    const [warning, ...more] = warnings(h.lines);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ operation: 'PUT /roles/{role}/permissions', write: true });
    expect(String(warning?.problem)).toMatch(/^data\.permissions: /);
    expect(h.lines.join('\n')).not.toContain('value-0042');
  });

  it('log a read whose envelope does not parse; a readable answer logs nothing', async () => {
    h = await createHarness({
      reply: (req) => ({
        status: 200,
        body: req.url.includes('reasons')
          ? '{"data":{}}'
          : '{"data":[],"meta":{"current":{"limit":10,"count":0}}}',
      }),
    });
    expect(
      (await h.call('GET', '/api/moderation/reasons', { cookie: h.cookies.support })).status,
    ).toBe(200);
    expect(
      (await h.call('GET', '/api/moderation/blocked-messages', { cookie: h.cookies.support }))
        .status,
    ).toBe(200);
    expect(warnings(h.lines).map((line) => line.operation)).toEqual(['GET /moderation/reasons']);
  });

  it('check a read operation once per period, and every write', async () => {
    const harness = await createHarness({ reply: () => ({ status: 200, body: '{"data":{}}' }) });
    h = harness;
    const readReasons = () =>
      harness.call('GET', '/api/moderation/reasons', { cookie: harness.cookies.support });
    const setPermissions = () =>
      harness.call('PUT', '/api/roles/default/permissions', {
        cookie: harness.cookies.admin,
        body: { permissions: { createGroup: 'deny' } },
      });
    await readReasons();
    await readReasons();
    await setPermissions();
    await setPermissions();
    expect(warnings(harness.lines).map((line) => line.write)).toEqual([false, true, true]);
    harness.clock.now += readCheckEveryMs;
    await readReasons();
    expect(warnings(harness.lines).map((line) => line.write)).toEqual([false, true, true, false]);
  });
});
