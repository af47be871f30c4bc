import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** `count` rows of a deactivation, a second apart, written a few thousand per statement. */
async function seed(harness: Harness, count: number) {
  const start = Date.parse('2029-01-01T00:00:00Z');
  const batch = 2_000;
  for (let first = 1; first <= count; first += batch) {
    const numbers = Array.from({ length: Math.min(batch, count - first + 1) }, (_, k) => first + k);
    const rows = await harness.store.db
      .insertInto('audit')
      .values(
        numbers.map((i) => ({
          at: start + i * 1000,
          request_id: `req-${i}`,
          operator: 'admin',
          role: 'admin',
          action: 'users.deactivate',
          operation: 'DELETE /users',
          targets: JSON.stringify({ uids: [`u${i}`] }),
          status: 200,
          upstream_status: 200,
          outcome: 'ok',
          duration_ms: 5,
        })),
      )
      .returning(['id', 'request_id'])
      .execute();
    // What recordAudit keeps beside each row for the target filter.
    await harness.store.db
      .insertInto('audit_targets')
      .values(rows.map((row) => ({ audit_id: row.id, value: row.request_id.replace('req-', 'u') })))
      .execute();
  }
}

describe('audit CSV export', () => {
  it('streams 10,000 rows in chunks while other requests are answered', async () => {
    h = await createHarness();
    await seed(h, 10_000);
    const order: string[] = [];
    const exported = await h.call('GET', '/console/audit.csv?operation=users.deactivate', {
      cookie: h.cookies.admin,
    });
    expect(exported.status).toBe(200);
    const reader = exported.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    const first = await reader.read();
    text += decoder.decode(first.value);
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        text += decoder.decode(chunk.value, { stream: true });
      order.push('export done');
    })();
    const other = h
      .call('GET', '/console/audit?perPage=1', { cookie: h.cookies.admin })
      .then((res) => {
        order.push('other answered');
        return res.status;
      });
    expect(await other).toBe(200);
    await reading;
    expect(order).toEqual(['other answered', 'export done']);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(10_001);
    expect(lines[1]).toMatch(
      /^2029-01-01T02:46:40\.000Z,admin,admin,users\.deactivate,DELETE \/users,"\{""uids"":\[""u10000""\]\}",/,
    );
    expect(lines[10_000]).toContain('"{""uids"":[""u1""]}"');
  });

  it('keeps to the filter and the order across chunks', async () => {
    h = await createHarness();
    await seed(h, 2_500);
    const res = await h.call('GET', '/console/audit.csv?target=u1234', { cookie: h.cookies.admin });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines.slice(1).map((line) => /""u\d+""/.exec(line)?.[0])).toEqual(['""u1234""']);
    const all = (
      await (
        await h.call('GET', '/console/audit.csv?operation=users.deactivate', {
          cookie: h.cookies.admin,
        })
      ).text()
    )
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => /""u(\d+)""/.exec(line)?.[1]);
    expect(all).toEqual(Array.from({ length: 2_500 }, (_, i) => String(2_500 - i)));
  });
});
