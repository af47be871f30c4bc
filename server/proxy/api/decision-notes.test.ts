import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const consoleHeaders = (seen: { headers: Record<string, unknown> } | undefined) =>
  Object.keys(seen?.headers ?? {}).filter((name) => name.startsWith('x-console'));

describe('reasons and notes on decisions and bans (decision 0015)', () => {
  it('records the reason, its id and the note of a decision on its audit row; the service sees none of them', async () => {
    const res = await h.call('PATCH', '/api/moderation/blocked-messages/42', {
      cookie: h.cookies.moderator,
      body: { status: 'rejected', reviewed: true },
      headers: {
        'x-console-reason': encodeURIComponent('Spam / Unwanted Content'),
        'x-console-reason-id': 'spam',
        'x-console-note': encodeURIComponent('Third time today — café promo\nagain'),
      },
    });
    expect(res.status).toBe(200);
    const patch = h.upstream.seen.find((seen) => seen.method === 'PATCH');
    expect(patch?.url).toBe('/v3/moderation/blocked-messages/42');
    expect(patch?.body).toBe('{"status":"rejected","reviewed":true}');
    expect(consoleHeaders(patch)).toEqual([]);
    for (const seen of h.upstream.seen) {
      expect(consoleHeaders(seen)).toEqual([]);
      expect(JSON.stringify(seen)).not.toContain('promo');
    }
    expect((await h.auditRows()).at(-1)).toMatchObject({
      action: 'blocked.review',
      targets: JSON.stringify({ messageId: '42', status: 'rejected' }),
      reason: 'Spam / Unwanted Content',
      reason_id: 'spam',
      // Control characters become spaces, so a note cannot forge lines of a log or a CSV.
      note: 'Third time today — café promo again',
      outcome: 'ok',
    });
    const csv = await h.call('GET', '/console/audit.csv?operation=blocked.review', {
      cookie: h.cookies.admin,
    });
    const [header, line] = (await csv.text()).trimEnd().split('\r\n');
    expect(header).toMatch(/,reason,.*,note,reason_id$/);
    expect(line).toMatch(/,Spam \/ Unwanted Content,.*,Third time today — café promo again,spam$/);
  });

  it('names the group, the user and the reason of a ban and an unban', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await h.call(method, '/api/groups/hiking-club/bannedusers/jack-murphy', {
        cookie: h.cookies.moderator,
        headers: { 'x-console-reason': encodeURIComponent('Harassment in #general') },
      });
      expect(res.status).toBe(200);
    }
    expect(h.upstream.seen.map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      'POST /v3/groups/hiking-club/bannedusers/jack-murphy',
      'DELETE /v3/groups/hiking-club/bannedusers/jack-murphy',
    ]);
    for (const seen of h.upstream.seen) expect(consoleHeaders(seen)).toEqual([]);
    expect(
      (await h.auditRows())
        .filter((row) => String(row.action).startsWith('bans.'))
        .map((row) => [row.action, row.targets, row.reason, row.operator]),
    ).toEqual([
      [
        'bans.add',
        '{"guid":"hiking-club","uid":"jack-murphy"}',
        'Harassment in #general',
        'moderator',
      ],
      [
        'bans.remove',
        '{"guid":"hiking-club","uid":"jack-murphy"}',
        'Harassment in #general',
        'moderator',
      ],
    ]);
  });

  it('keeps a note to 500 characters and drops a reason id that is not an id', async () => {
    await h.call('DELETE', '/api/messages/7', {
      cookie: h.cookies.moderator,
      body: {},
      headers: { 'x-console-note': 'n'.repeat(600), 'x-console-reason-id': '../x' },
    });
    const row = (await h.auditRows()).at(-1);
    expect(row?.note).toBe('n'.repeat(500));
    expect(row?.reason_id).toBeNull();
    expect(row?.reason).toBeNull();
  });

  it('ignores a note on an operation that takes none', async () => {
    await h.call('POST', '/api/messages/42/reactions/x', {
      cookie: h.cookies.moderator,
      headers: { onBehalfOf: 'user-7', 'x-console-reason': 'r', 'x-console-note': 'hidden' },
    });
    expect((await h.auditRows()).at(-1)).toMatchObject({ reason: 'r', note: null });
  });

  it('refuses a moderator deactivating a user before anything reaches the service, and audits it', async () => {
    const res = await h.call('DELETE', '/api/users', {
      cookie: h.cookies.moderator,
      body: { uidsToDeactivate: ['jack-murphy'] },
      headers: { 'x-console-reason': 'spammer' },
    });
    expect(res.status).toBe(403);
    expect(h.upstream.seen).toEqual([]);
    expect((await h.auditRows()).at(-1)).toMatchObject({
      outcome: 'denied',
      operator: 'moderator',
    });
  });
});
