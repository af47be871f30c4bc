import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/api/schemas/common';
import {
  banResponseSchema,
  bannedUsersResponseSchema,
  groupListResponseSchema,
  groupResponseSchema,
} from '../../../src/api/schemas/group';
import { messageListResponseSchema } from '../../../src/api/schemas/message';
import { userListResponseSchema } from '../../../src/api/schemas/user';
import { createTestEmulator } from '../test-support';

describe('groups', () => {
  it('lists groups with page meta, filters by type and prefix, and gets one', async () => {
    const { json } = createTestEmulator();
    const all = await json(groupListResponseSchema, 'GET', '/v3/groups');
    expect(all.meta.pagination).toMatchObject({ total: 8, count: 8, per_page: 100 });
    expect(new Set(all.data.map((g) => g.type))).toEqual(
      new Set(['public', 'private', 'password']),
    );
    const password = await json(groupListResponseSchema, 'GET', '/v3/groups?type=password');
    expect(password.data.map((g) => g.guid).sort()).toEqual(['night-owls', 'vip-lounge']);
    const search = await json(groupListResponseSchema, 'GET', '/v3/groups?searchKey=sup');
    expect(search.data.map((g) => g.guid)).toEqual(['support-hub']);
    const paged = await json(groupListResponseSchema, 'GET', '/v3/groups?perPage=3&page=3');
    expect(paged.meta.pagination).toEqual({
      total: 8,
      count: 2,
      per_page: 3,
      current_page: 3,
      total_pages: 3,
    });
    const one = await json(groupResponseSchema, 'GET', '/v3/groups/support-hub', {
      onBehalfOf: 'olivia-bennett',
    });
    expect(one.data).toMatchObject({
      guid: 'support-hub',
      owner: 'olivia-bennett',
      hasJoined: true,
      scope: 'admin',
      conversationId: 'group_support-hub',
    });
    expect(one.data.membersCount).toBeGreaterThan(30);
  });

  it('404s unknown groups and 400s bad parameters', async () => {
    const { call } = createTestEmulator();
    const missing = await call('GET', '/v3/groups/nope');
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('ERR_GUID_NOT_FOUND');
    for (const query of ['type=secret', 'perPage=5000', 'page=x'])
      expect((await call('GET', `/v3/groups?${query}`)).status, query).toBe(400);
  });
});

describe('GET /groups/{guid}/bannedusers', () => {
  it('pages the 250 bans of support-hub: 100 per page by default, right totals, disjoint pages', async () => {
    const { json } = createTestEmulator();
    const uids: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await json(
        bannedUsersResponseSchema,
        'GET',
        `/v3/groups/support-hub/bannedusers?page=${page}`,
      );
      expect(result.meta.pagination).toEqual({
        total: 250,
        count: page < 3 ? 100 : 50,
        per_page: 100,
        current_page: page,
        total_pages: 3,
      });
      uids.push(...result.data.map((u) => u.uid));
    }
    expect(new Set(uids).size).toBe(250);
    const big = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=1000',
    );
    expect(big.data.map((u) => u.uid)).toEqual(uids);
    const none = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/design-review/bannedusers',
    );
    expect(none.meta.pagination).toEqual({
      total: 0,
      count: 0,
      per_page: 100,
      current_page: 1,
      total_pages: 0,
    });
  });

  it('leaves deactivated users out of the list and the total, and brings them back on reactivation', async () => {
    const { json, call } = createTestEmulator();
    const first = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=1000',
    );
    const [a, b] = first.data.map((u) => u.uid);
    expect((await call('DELETE', '/v3/users', { body: { uidsToDeactivate: [a, b] } })).status).toBe(
      200,
    );
    const hidden = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=100&page=3',
    );
    expect(hidden.meta.pagination).toMatchObject({ total: 248, count: 48, total_pages: 3 });
    const all = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=1000',
    );
    expect(all.data.map((u) => u.uid)).toEqual(
      first.data.map((u) => u.uid).filter((uid) => uid !== a && uid !== b),
    );
    expect((await call('PUT', '/v3/users', { body: { uidsToActivate: [a, b] } })).status).toBe(200);
    const back = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=1000',
    );
    expect(back.meta.pagination.total).toBe(250);
  });

  it('reports a ban and an unban in the total and the last page the next read returns', async () => {
    const { json, call } = createTestEmulator();
    const lastPage = async () =>
      await json(bannedUsersResponseSchema, 'GET', '/v3/groups/support-hub/bannedusers?page=3');
    const before = await lastPage();
    expect(before.meta.pagination).toMatchObject({ total: 250, count: 50 });
    const members = await json(userListResponseSchema, 'GET', '/v3/users?perPage=1000');
    const banned = new Set(
      (
        await json(
          bannedUsersResponseSchema,
          'GET',
          '/v3/groups/support-hub/bannedusers?perPage=1000',
        )
      ).data.map((u) => u.uid),
    );
    let target: string | undefined;
    for (const user of members.data) {
      if (banned.has(user.uid) || user.uid === 'olivia-bennett') continue;
      const ban = await call('POST', `/v3/groups/support-hub/bannedusers/${user.uid}`);
      if (ban.status === 200) {
        target = user.uid;
        break;
      }
    }
    expect(target).toBeDefined();
    const after = await lastPage();
    expect(after.meta.pagination).toMatchObject({ total: 251, count: 51 });
    const whole = await json(
      bannedUsersResponseSchema,
      'GET',
      '/v3/groups/support-hub/bannedusers?perPage=1000',
    );
    expect(whole.data.map((u) => u.uid)).toContain(target);
    expect(after.data.map((u) => u.uid)).toEqual(whole.data.slice(200).map((u) => u.uid));
    expect((await call('DELETE', `/v3/groups/support-hub/bannedusers/${target}`)).status).toBe(200);
    expect(await lastPage()).toEqual(before);
  });

  it('rejects bad paging and unknown groups', async () => {
    const { call } = createTestEmulator();
    for (const query of ['perPage=0', 'perPage=1001', 'page=0'])
      expect((await call('GET', `/v3/groups/support-hub/bannedusers?${query}`)).status).toBe(400);
    expect((await call('GET', '/v3/groups/nope/bannedusers')).status).toBe(404);
  });
});

describe('ban and unban', () => {
  it('bans a member (who leaves the group) and unbans them', async () => {
    const { json, store } = createTestEmulator({ now: () => 1_763_600_000_000 });
    const ban = await json(
      banResponseSchema,
      'POST',
      '/v3/groups/hiking-club/bannedusers/jack-murphy',
      { onBehalfOf: 'hannah-kowalski' },
    );
    expect(ban.data).toEqual({
      success: true,
      message: 'The user with uid jack-murphy has been banned from the Group with hiking-club.',
    });
    const list = await json(bannedUsersResponseSchema, 'GET', '/v3/groups/hiking-club/bannedusers');
    expect(list.data[0]?.uid).toBe('jack-murphy');
    expect(list.meta.pagination.total).toBe(3);
    expect(
      store.db
        .prepare(
          "SELECT count(*) FROM group_members WHERE guid = 'hiking-club' AND uid = 'jack-murphy'",
        )
        .pluck()
        .get(),
    ).toBe(0);
    const unban = await json(
      banResponseSchema,
      'DELETE',
      '/v3/groups/hiking-club/bannedusers/jack-murphy',
    );
    expect(unban.data.message).toBe(
      'The user with uid jack-murphy has been unbanned from the Group with hiking-club.',
    );
    expect(
      (await json(bannedUsersResponseSchema, 'GET', '/v3/groups/hiking-club/bannedusers')).meta
        .pagination.total,
    ).toBe(2);
  });

  it('writes a groupMember action message into the group conversation for each ban and unban', async () => {
    const { json, call } = createTestEmulator({ now: () => 1_763_600_000_000 });
    await json(banResponseSchema, 'POST', '/v3/groups/hiking-club/bannedusers/nadia-haddad', {
      onBehalfOf: 'hannah-kowalski',
    });
    await json(banResponseSchema, 'DELETE', '/v3/groups/hiking-club/bannedusers/nadia-haddad');
    const page = await json(
      messageListResponseSchema,
      'GET',
      '/v3/messages?conversationId=group_hiking-club&limit=2',
    );
    const [unban, ban] = page.data;
    expect(ban).toMatchObject({
      sender: 'hannah-kowalski',
      receiverType: 'group',
      receiver: 'hiking-club',
      category: 'action',
      type: 'groupMember',
      sentAt: 1763600000,
      data: {
        action: 'banned',
        entities: {
          by: { entityType: 'user', entity: { uid: 'hannah-kowalski', name: 'Hannah Kowalski' } },
          for: {
            entityType: 'group',
            entity: {
              guid: 'hiking-club',
              name: 'Hiking Club',
              type: 'public',
              conversationId: 'group_hiking-club',
            },
          },
          on: {
            entityType: 'user',
            entity: { uid: 'nadia-haddad', name: 'Nadia Haddad', scope: 'moderator' },
          },
        },
      },
    });
    // Without onBehalfOf the API key acts: the service names its system user.
    expect(unban).toMatchObject({
      sender: 'app_system',
      data: {
        action: 'unbanned',
        entities: {
          by: { entity: { uid: 'app_system', name: 'System' } },
          on: { entity: { uid: 'nadia-haddad', scope: 'participant' } },
        },
      },
    });
    expect(Number(unban?.id)).toBeGreaterThan(Number(ban?.id));
    const refused = await call('DELETE', `/v3/messages/${ban?.id ?? ''}`);
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(await refused.json()).error.code).toBe(
      'ERR_MESSAGE_ACTION_NOT_ALLOWED',
    );
  });

  it('writes no action message when a ban fails', async () => {
    const { call, store } = createTestEmulator();
    const count = () =>
      store.db.prepare("SELECT count(*) FROM messages WHERE category = 'action'").pluck().get();
    const before = count();
    expect((await call('POST', '/v3/groups/support-hub/bannedusers/community-0001')).status).toBe(
      400,
    );
    expect((await call('DELETE', '/v3/groups/general/bannedusers/amelia-hart')).status).toBe(404);
    expect(count()).toBe(before);
  });

  it('answers the documented ban errors', async () => {
    const { call } = createTestEmulator();
    const cases: [string, string, string | undefined, number, string][] = [
      [
        'POST',
        '/v3/groups/support-hub/bannedusers/community-0001',
        undefined,
        400,
        'ERR_ALREADY_BANNED',
      ],
      [
        'POST',
        '/v3/groups/design-review/bannedusers/amelia-hart',
        undefined,
        404,
        'ERR_NOT_A_MEMBER',
      ],
      ['POST', '/v3/groups/nope/bannedusers/amelia-hart', undefined, 404, 'ERR_GUID_NOT_FOUND'],
      ['POST', '/v3/groups/general/bannedusers/nobody', undefined, 404, 'ERR_UID_NOT_FOUND'],
      [
        'POST',
        '/v3/groups/hiking-club/bannedusers/jack-murphy',
        'lena-schmidt',
        403,
        'ERR_GROUP_NO_CLEARANCE',
      ],
      [
        'POST',
        '/v3/groups/hiking-club/bannedusers/nadia-haddad',
        'nadia-haddad',
        400,
        'ERR_GROUP_NO_SELF_ACTION',
      ],
      [
        'DELETE',
        '/v3/groups/general/bannedusers/amelia-hart',
        undefined,
        404,
        'ERR_NOT_A_BANNED_USER',
      ],
      ['DELETE', '/v3/groups/general/bannedusers/bad%20uid', undefined, 400, 'ERR_BAD_REQUEST'],
    ];
    for (const [method, url, onBehalfOf, status, code] of cases) {
      const response = await call(method, url, { onBehalfOf });
      expect(response.status, url).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code, url).toBe(code);
    }
  });
});
