import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  flaggedMessageListResponseSchema,
  reviewedMessageListResponseSchema,
} from '../../../src/api/schemas/flagged-message';
import { groupMembersResponseSchema } from '../../../src/api/schemas/group';
import { messageListResponseSchema } from '../../../src/api/schemas/message';
import { createEmulatorHarness, type EmulatorHarness } from '../test-support/harness';

// The console in front of the real emulator: flags, group members and message search, by role.
let h: EmulatorHarness;
beforeEach(async () => {
  h = await createEmulatorHarness();
});
afterEach(async () => {
  await h.close();
});

const one = <T>(sql: string, ...params: unknown[]) =>
  h.emulatorStore.db.prepare(sql).get(...params) as T;

/** The audit rows of writes, `action targets outcome`, in order. */
const writes = async () =>
  (await h.auditRows())
    .filter((r) => r.action !== 'auth.login' && !String(r.action).endsWith('.list'))
    .map((r) => `${String(r.action)} ${String(r.targets)} ${String(r.outcome)} ${String(r.role)}`);

describe('console → emulator: flagged messages', () => {
  it('a moderator reviews flags; support may read them but not review them', async () => {
    const listed = flaggedMessageListResponseSchema.parse(
      await (
        await h.call('GET', '/api/moderation/flagged-messages', { cookie: h.cookies.support })
      ).json(),
    );
    const [keep, hide] = listed.data;
    if (!keep || !hide) throw new Error('demo flags missing');

    const refused = await h.call('PATCH', `/api/moderation/flagged-messages/${keep.id}`, {
      cookie: h.cookies.support,
      body: { status: 'disapproved' },
    });
    expect(refused.status).toBe(403);
    expect(
      one<{ status: string }>('SELECT status FROM flagged_messages WHERE message_id = ?', keep.id)
        .status,
      'the service saw nothing',
    ).toBe('pending');

    for (const [item, status] of [
      [keep, 'approved'],
      [hide, 'disapproved'],
    ] as const) {
      const res = await h.call('PATCH', `/api/moderation/flagged-messages/${item.id}`, {
        cookie: h.cookies.moderator,
        body: { status },
        headers: { 'x-console-reason': 'checked', 'x-console-note': 'context read' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
    const reviewed = reviewedMessageListResponseSchema.parse(
      await (
        await h.call('GET', '/api/moderation/reviewed-messages', { cookie: h.cookies.moderator })
      ).json(),
    );
    expect(reviewed.flags.map((f) => [f.message.id, f.message.data.moderation?.status])).toEqual(
      expect.arrayContaining([
        [keep.id, 'approved'],
        [hide.id, 'disapproved'],
      ]),
    );
    expect(await writes()).toEqual([
      `flagged.review {"id":"${keep.id}"} denied support`,
      `flagged.review {"id":"${keep.id}","status":"approved"} ok moderator`,
      `flagged.review {"id":"${hide.id}","status":"disapproved"} ok moderator`,
    ]);
  });

  it('flags a message on behalf of its receiver, audited with the reason id', async () => {
    const target = one<{ id: number; receiver: string }>(
      `SELECT id, receiver FROM messages WHERE receiver_type = 'user' AND category = 'message' AND moderation IS NULL
       AND deleted_at IS NULL AND id NOT IN (SELECT message_id FROM flagged_messages) ORDER BY id DESC LIMIT 1`,
    );
    const refused = await h.call('POST', `/api/messages/${target.id}/flagged`, {
      cookie: h.cookies.support,
      headers: { onBehalfOf: target.receiver, 'x-console-reason': 'ticket 12' },
      body: { reasonId: 'spam' },
    });
    expect(refused.status).toBe(403);
    const res = await h.call('POST', `/api/messages/${target.id}/flagged`, {
      cookie: h.cookies.moderator,
      headers: { onBehalfOf: target.receiver, 'x-console-reason': 'ticket 12' },
      body: { reasonId: 'spam', remark: 'reported by phone' },
    });
    expect(res.status).toBe(200);
    expect(
      one<{ uid: string; remark: string }>(
        'SELECT uid, remark FROM message_flags WHERE message_id = ?',
        target.id,
      ),
    ).toEqual({ uid: target.receiver, remark: 'reported by phone' });
    expect((await writes()).at(-1)).toBe(
      `messages.flag {"id":"${target.id}","reasonId":"spam"} ok moderator`,
    );
  });
});

describe('console → emulator: group members and message search', () => {
  const member = () =>
    one<{ uid: string }>(
      "SELECT m.uid FROM group_members m JOIN groups g ON g.guid = m.guid WHERE m.guid = 'hiking-club' AND m.scope = 'participant' AND m.uid != coalesce(g.owner, '') ORDER BY m.uid LIMIT 1",
    ).uid;

  it('a moderator changes a scope and kicks; support may list members but not act', async () => {
    const uid = member();
    const page = groupMembersResponseSchema.parse(
      await (
        await h.call('GET', '/api/groups/hiking-club/members?scopes=participant', {
          cookie: h.cookies.support,
        })
      ).json(),
    );
    expect(page.data.map((m) => m.uid)).toContain(uid);
    for (const [method, body] of [
      ['PUT', { scope: 'moderator' }],
      ['DELETE', undefined],
    ] as const) {
      const denied = await h.call(method, `/api/groups/hiking-club/members/${uid}`, {
        cookie: h.cookies.support,
        body,
      });
      expect(denied.status).toBe(403);
    }
    expect(
      one<{ scope: string }>(
        "SELECT scope FROM group_members WHERE guid = 'hiking-club' AND uid = ?",
        uid,
      ),
    ).toEqual({ scope: 'participant' });

    const owner = await h.call('PUT', `/api/groups/hiking-club/members/${uid}`, {
      cookie: h.cookies.moderator,
      body: { scope: 'owner' },
    });
    expect(owner.status, 'an undocumented scope never goes upstream').toBe(400);
    const scoped = await h.call('PUT', `/api/groups/hiking-club/members/${uid}`, {
      cookie: h.cookies.moderator,
      body: { scope: 'moderator' },
    });
    expect(scoped.status).toBe(200);
    const kicked = await h.call('DELETE', `/api/groups/hiking-club/members/${uid}`, {
      cookie: h.cookies.moderator,
      headers: { 'x-console-reason': 'spam' },
    });
    expect(kicked.status).toBe(200);
    expect(
      one<{ n: number }>(
        "SELECT count(*) AS n FROM group_members WHERE guid = 'hiking-club' AND uid = ?",
        uid,
      ).n,
    ).toBe(0);
    expect(await writes()).toEqual([
      `members.scope {"guid":"hiking-club","uid":"${uid}"} denied support`,
      `members.kick {"guid":"hiking-club","uid":"${uid}"} denied support`,
      `members.scope {"guid":"hiking-club","uid":"${uid}"} denied moderator`,
      `members.scope {"guid":"hiking-club","uid":"${uid}","scope":"moderator"} ok moderator`,
      `members.kick {"guid":"hiking-club","uid":"${uid}"} ok moderator`,
    ]);
  });

  it('forwards the documented search filters, and refuses an undocumented one before the service', async () => {
    const res = await h.call(
      'GET',
      '/api/messages?searchKey=the&hasReactions=true&fromTimestamp=0&limit=5&affix=prepend',
      { cookie: h.cookies.support },
    );
    expect(res.status).toBe(200);
    const found = messageListResponseSchema.parse(await res.json());
    expect(found.data.length).toBeGreaterThan(0);
    for (const message of found.data) {
      expect(message.data.text?.toLowerCase()).toContain('the');
      expect(message.data.reactions?.length).toBeGreaterThan(0);
    }
    const refused = await h.call('GET', '/api/messages?text=the', { cookie: h.cookies.support });
    expect(refused.status).toBe(400);
  });
});
