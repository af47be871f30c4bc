import { describe, expect, it } from 'vitest';
import {
  groupMembersResponseSchema,
  memberActionResponseSchema,
} from '../../../src/api/schemas/group';
import { messageListResponseSchema } from '../../../src/api/schemas/message';
import { createTestEmulator } from '../test-support';

const members = (emulator: ReturnType<typeof createTestEmulator>, query = '') =>
  emulator.json(groupMembersResponseSchema, 'GET', `/v3/groups/hiking-club/members${query}`);

function roles(emulator: ReturnType<typeof createTestEmulator>) {
  const rows = emulator.store.db
    .prepare(
      "SELECT m.uid, m.scope, g.owner FROM group_members m JOIN groups g ON g.guid = m.guid JOIN users u ON u.uid = m.uid WHERE m.guid = 'hiking-club' AND u.deactivated_at IS NULL ORDER BY m.uid",
    )
    .all() as { uid: string; scope: string; owner: string | null }[];
  const participant = rows.find((r) => r.scope === 'participant' && r.uid !== r.owner);
  const admin = rows.find((r) => r.scope === 'admin');
  if (!participant || !admin) throw new Error('hiking-club lacks an admin or a participant');
  return { participant: participant.uid, admin: admin.uid, owner: rows[0]?.owner ?? null };
}

describe('group members', () => {
  it('lists members with scope and joinedAt, page-style, by scope', async () => {
    const emulator = createTestEmulator();
    const all = await members(emulator);
    expect(all.data.length).toBeGreaterThan(1);
    expect(all.meta.pagination.total).toBe(all.data.length);
    for (const member of all.data) {
      expect(['admin', 'moderator', 'participant']).toContain(member.scope);
      expect(member.joinedAt).toEqual(expect.any(Number));
    }
    const page = await members(emulator, '?perPage=1&page=2');
    expect(page.data).toEqual([all.data[1]]);
    const admins = await members(emulator, '?scopes=admin');
    expect(admins.data.map((m) => m.scope)).toEqual(admins.data.map(() => 'admin'));
    expect((await emulator.call('GET', '/v3/groups/hiking-club/members?scopes=owner')).status).toBe(
      400,
    );
    expect(
      (await emulator.call('GET', '/v3/groups/hiking-club/members?searchKey=a')).status,
      'searchKey is not documented for members',
    ).toBe(400);
  });

  it('kicks a member: gone from the list, a kicked action in the group', async () => {
    const emulator = createTestEmulator();
    const { participant } = roles(emulator);
    const kicked = await emulator.json(
      memberActionResponseSchema,
      'DELETE',
      `/v3/groups/hiking-club/members/${participant}`,
    );
    expect(kicked.data.message).toBe(
      `The member with ${participant} has been kicked from the Group with hiking-club.`,
    );
    expect((await members(emulator)).data.map((m) => m.uid)).not.toContain(participant);
    const again = await emulator.call('DELETE', `/v3/groups/hiking-club/members/${participant}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'ERR_NOT_A_MEMBER' } });
    const actions = await emulator.json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?conversationId=group_hiking-club&category=action&limit=5',
    );
    expect(actions.data[0]?.data.action).toBe('kicked');
  });

  it('changes a scope, refused to a participant acting and for an undocumented scope', async () => {
    const emulator = createTestEmulator();
    const { participant, admin } = roles(emulator);
    const path = `/v3/groups/hiking-club/members/${participant}`;
    expect((await emulator.call('PUT', path, { body: { scope: 'owner' } })).status).toBe(400);
    const denied = await emulator.call('PUT', path, {
      body: { scope: 'moderator' },
      onBehalfOf: participant,
    });
    expect(denied.status).toBe(403);
    expect(
      (await emulator.call('PUT', path, { body: { scope: 'moderator' }, onBehalfOf: admin }))
        .status,
    ).toBe(200);
    const after = await members(emulator);
    expect(after.data.find((m) => m.uid === participant)?.scope).toBe('moderator');
  });
});
