import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../src/api/schemas/common';
import { markDeliveredResponseSchema } from '../../../src/api/schemas/conversation';
import { userListResponseSchema, userResponseSchema } from '../../../src/api/schemas/user';
import {
  deactivateUsersResponseSchema,
  reactivateUsersResponseSchema,
} from '../../../src/api/schemas/users-bulk';
import { createTestEmulator } from '../test-support';

const now = 1_763_600_000_000;

describe('GET /users', () => {
  it('pages active users by name with correct totals; pages are disjoint and complete', async () => {
    const { json } = createTestEmulator();
    const first = await json(userListResponseSchema, 'GET', '/v3/users?perPage=40');
    expect(first.meta.pagination).toEqual({
      total: 297,
      count: 40,
      per_page: 40,
      current_page: 1,
      total_pages: 8,
    });
    const uids: string[] = [];
    for (let page = 1; page <= 8; page += 1) {
      const result = await json(userListResponseSchema, 'GET', `/v3/users?perPage=40&page=${page}`);
      uids.push(...result.data.map((u) => u.uid));
    }
    expect(uids.length).toBe(297);
    expect(new Set(uids).size).toBe(297);
    expect(uids).not.toContain('ben-walker');
    const beyond = await json(userListResponseSchema, 'GET', '/v3/users?perPage=40&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination.count).toBe(0);
  });

  it('defaults to 100 per page and filters by role, status, prefix search and deactivation', async () => {
    const { json } = createTestEmulator();
    expect((await json(userListResponseSchema, 'GET', '/v3/users')).meta.pagination.per_page).toBe(
      100,
    );
    const moderators = await json(userListResponseSchema, 'GET', '/v3/users?role=moderator');
    expect(moderators.data.map((u) => u.uid).sort()).toEqual([
      'fatima-zahra',
      'ines-duarte',
      'liam-oconnor',
      'nadia-haddad',
      'tom-becker',
    ]);
    const available = await json(
      userListResponseSchema,
      'GET',
      '/v3/users?status=available&perPage=1000',
    );
    expect(available.data.length).toBeGreaterThan(0);
    expect(available.data.every((u) => u.status === 'available')).toBe(true);
    const byName = await json(userListResponseSchema, 'GET', '/v3/users?searchKey=Ol');
    expect(byName.data.map((u) => u.uid)).toEqual(
      expect.arrayContaining(['olivia-bennett', 'oliver-grant']),
    );
    expect(
      byName.data.every((u) => u.name.toLowerCase().startsWith('ol') || u.uid.startsWith('ol')),
    ).toBe(true);
    const byUid = await json(userListResponseSchema, 'GET', '/v3/users?searchKey=community-000');
    expect(byUid.meta.pagination.total).toBe(9);
    const deactivated = await json(userListResponseSchema, 'GET', '/v3/users?onlyDeactivated=true');
    expect(deactivated.data.map((u) => u.uid).sort()).toEqual([
      'ben-walker',
      'daniel-price',
      'elif-yilmaz',
    ]);
    expect(deactivated.data.every((u) => typeof u.deactivatedAt === 'number')).toBe(true);
    expect(
      (await json(userListResponseSchema, 'GET', '/v3/users?withDeactivated=true')).meta.pagination
        .total,
    ).toBe(300);
  });

  it('serves every page in the order of one big page, under each filter, whichever end it is read from', async () => {
    const { json } = createTestEmulator();
    for (const filter of [
      '',
      '&role=default',
      '&status=offline',
      '&withDeactivated=true',
      '&onlyDeactivated=true',
      '&searchKey=community-00',
    ]) {
      const whole = await json(userListResponseSchema, 'GET', `/v3/users?perPage=1000${filter}`);
      const total = whole.meta.pagination.total;
      for (const perPage of [7, 40]) {
        const uids: string[] = [];
        for (let page = 1; page <= Math.ceil(total / perPage); page += 1) {
          const result = await json(
            userListResponseSchema,
            'GET',
            `/v3/users?perPage=${perPage}&page=${page}${filter}`,
          );
          expect(result.meta.pagination.total, filter).toBe(total);
          uids.push(...result.data.map((u) => u.uid));
        }
        expect(uids, `${filter} by ${perPage}`).toEqual(whole.data.map((u) => u.uid));
      }
    }
  });

  it('reports the total and pages of the store as it is after a write, through the API or not', async () => {
    const { json, call, store } = createTestEmulator();
    const last = async () =>
      await json(userListResponseSchema, 'GET', '/v3/users?perPage=40&page=8');
    const before = await last();
    expect(before.meta.pagination).toMatchObject({ total: 297, count: 17 });
    expect(await last()).toEqual(before);
    const gone = before.data[0]?.uid ?? '';
    expect((await call('DELETE', '/v3/users', { body: { uidsToDeactivate: [gone] } })).status).toBe(
      200,
    );
    const after = await last();
    expect(after.meta.pagination).toMatchObject({ total: 296, count: 16 });
    expect(after.data.map((u) => u.uid)).toEqual(before.data.slice(1).map((u) => u.uid));
    store.db
      .prepare(
        "INSERT INTO users (uid, name, status, role, created_at, updated_at) VALUES ('zz-last', 'Zz Last', 'offline', 'default', 1, 1)",
      )
      .run();
    const added = await last();
    expect(added.meta.pagination).toMatchObject({ total: 297, count: 17 });
    expect(added.data.at(-1)?.uid).toBe('zz-last');
  });

  it('rejects bad paging and filters', async () => {
    const { call } = createTestEmulator();
    for (const query of [
      'perPage=0',
      'perPage=1001',
      'page=0',
      'page=-1',
      'status=online',
      'withDeactivated=maybe',
    ]) {
      const response = await call('GET', `/v3/users?${query}`);
      expect(response.status, query).toBe(400);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe('ERR_BAD_REQUEST');
    }
  });
});

describe('GET /users/{uid}', () => {
  it('gets a user by uid, any case; deactivated and unknown are 404 ERR_UID_NOT_FOUND', async () => {
    const { json, call } = createTestEmulator();
    expect((await json(userResponseSchema, 'GET', '/v3/users/Amelia-Hart')).data).toMatchObject({
      uid: 'amelia-hart',
      name: 'Amelia Hart',
      role: 'default',
    });
    for (const uid of ['ben-walker', 'nobody']) {
      const response = await call('GET', `/v3/users/${uid}`);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json()).error).toMatchObject({
        code: 'ERR_UID_NOT_FOUND',
        message: expect.stringContaining(uid) as unknown,
      });
    }
    expect((await call('GET', '/v3/users/bad%20uid')).status).toBe(400);
  });
});

describe('DELETE and PUT /users', () => {
  it('deactivates in one call, reporting every uid in exactly one bucket', async () => {
    const { json } = createTestEmulator({ now: () => now });
    const result = await json(deactivateUsersResponseSchema, 'DELETE', '/v3/users', {
      body: {
        uidsToDeactivate: [
          'amelia-hart',
          'Noah-Fischer',
          'ben-walker',
          'Ghost-1',
          'amelia-hart',
          'ghost-1',
        ],
      },
    });
    // Known uids as stored (lower case), unknown ones as sent, as the service reports them.
    expect(result.data).toEqual({
      deactivatedUids: ['amelia-hart', 'noah-fischer'],
      alreadyDeactivatedUids: ['ben-walker'],
      notFound: ['Ghost-1'],
    });
    const user = await json(userListResponseSchema, 'GET', '/v3/users?onlyDeactivated=true');
    expect(user.data.find((u) => u.uid === 'amelia-hart')?.deactivatedAt).toBe(1763600000);
  });

  it('omits empty buckets on the wire', async () => {
    const { call } = createTestEmulator();
    const response = await call('DELETE', '/v3/users', {
      body: { uidsToDeactivate: ['amelia-hart'] },
    });
    expect(await response.json()).toEqual({ data: { deactivatedUids: ['amelia-hart'] } });
  });

  it('reactivates, with nonDeactivatedUids for users that were active', async () => {
    const { json } = createTestEmulator();
    const result = await json(reactivateUsersResponseSchema, 'PUT', '/v3/users', {
      body: { uidsToActivate: ['ben-walker', 'amelia-hart', 'InvalidUID'] },
    });
    expect(result.data).toEqual({
      reactivatedUids: ['ben-walker'],
      nonDeactivatedUids: ['amelia-hart'],
      notFound: ['InvalidUID'],
    });
    expect(
      (await json(userResponseSchema, 'GET', '/v3/users/ben-walker')).data.deactivatedAt,
    ).toBeUndefined();
  });

  it('deactivates 10,000 uids in one call and refuses more', async () => {
    const { json, call, store } = createTestEmulator();
    const insert = store.db.prepare(
      "INSERT INTO users (uid, name, status, role, created_at, updated_at) VALUES (?, ?, 'offline', 'default', 1, 1)",
    );
    store.db.transaction(() => {
      for (let i = 0; i < 9_990; i += 1) insert.run(`bulk-${i}`, `Bulk ${i}`);
    })();
    const uids = [
      ...Array.from({ length: 9_990 }, (_, i) => `bulk-${i}`),
      ...Array.from({ length: 10 }, (_, i) => `missing-${i}`),
    ];
    const result = await json(deactivateUsersResponseSchema, 'DELETE', '/v3/users', {
      body: { uidsToDeactivate: uids },
    });
    expect(result.data.deactivatedUids.length).toBe(9_990);
    expect(result.data.notFound.length).toBe(10);
    const tooMany = await call('DELETE', '/v3/users', {
      body: { uidsToDeactivate: [...uids, 'one-more'] },
    });
    expect(tooMany.status).toBe(400);
  });

  it('validates bodies', async () => {
    const { call } = createTestEmulator();
    for (const body of [
      {},
      { uidsToDeactivate: [] },
      { uidsToDeactivate: 'amelia-hart' },
      { uidsToDeactivate: ['bad uid'] },
      { uidsToDeactivate: ['a'], x: 1 },
    ]) {
      expect((await call('DELETE', '/v3/users', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', '/v3/users', { body: { uidsToDeactivate: ['a'] } })).status).toBe(
      400,
    );
  });
});

describe('POST /users/{uid}/conversation/delivered', () => {
  it('marks messages from uid to the acting user delivered, up to messageId', async () => {
    const { json, body, store } = createTestEmulator({ now: () => now });
    const ids = store.db
      .prepare(
        "SELECT id FROM messages WHERE sender = 'amelia-hart' AND receiver = 'noah-fischer' AND moderation IS NULL ORDER BY id",
      )
      .pluck()
      .all()
      .map(Number);
    expect(ids.length).toBeGreaterThan(1);
    const upTo = ids[0] ?? 0;
    const result = await body('POST', '/v3/users/amelia-hart/conversation/delivered', {
      onBehalfOf: 'noah-fischer',
      body: { messageId: upTo },
    });
    // The documented sentence, with its capital `Message` key.
    expect(result).toEqual({
      data: {
        success: true,
        Message: 'All the messages from the user are marked as delivered for the requesting user.',
      },
    });
    expect(markDeliveredResponseSchema.parse(result).data.success).toBe(true);
    const delivered = store.db
      .prepare(
        "SELECT id FROM messages WHERE delivered_at = 1763600000 AND conversation_id = 'amelia-hart_user_noah-fischer'",
      )
      .pluck()
      .all()
      .map(Number);
    expect(delivered).toEqual([upTo]);
    await json(
      markDeliveredResponseSchema,
      'POST',
      '/v3/users/amelia-hart/conversation/delivered',
      { onBehalfOf: 'noah-fischer' },
    );
    const all = store.db
      .prepare(
        "SELECT count(*) FROM messages WHERE delivered_at IS NOT NULL AND sender = 'amelia-hart' AND receiver = 'noah-fischer' AND moderation IS NULL",
      )
      .pluck()
      .get();
    expect(all).toBe(ids.length);
    expect(
      store.db
        .prepare(
          "SELECT count(*) FROM messages WHERE delivered_at IS NOT NULL AND sender = 'noah-fischer'",
        )
        .pluck()
        .get(),
    ).toBe(0);
  });

  it('answers the documented errors', async () => {
    const { call } = createTestEmulator();
    const cases: [string, string | undefined, unknown, number, string][] = [
      ['amelia-hart', undefined, {}, 400, 'ERR_BAD_REQUEST'],
      ['amelia-hart', 'nobody', {}, 404, 'ERR_UID_NOT_FOUND'],
      ['nobody', 'noah-fischer', {}, 404, 'ERR_UID_NOT_FOUND'],
      ['amelia-hart', 'noah-fischer', { messageId: '5' }, 400, 'ERR_BAD_REQUEST'],
      ['amelia-hart', 'noah-fischer', { messageId: 999999 }, 404, 'ERR_MESSAGE_ID_NOT_FOUND'],
      ['amelia-hart', 'clara-novak', {}, 403, 'ERR_CONVERSATION_NOT_ACCESSIBLE'],
      ['amelia-hart', 'amelia-hart', {}, 400, 'ERR_BAD_REQUEST'],
    ];
    for (const [uid, onBehalfOf, body, status, code] of cases) {
      const response = await call('POST', `/v3/users/${uid}/conversation/delivered`, {
        onBehalfOf,
        body,
      });
      expect(response.status, `${uid} ${onBehalfOf}`).toBe(status);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe(code);
    }
  });
});
