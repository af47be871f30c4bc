import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shapeProblems } from './shapes';
import { createTestEmulator, type CallOptions } from './test-support';

/**
 * The real service's answers (src/api/contract/real-responses.json, a copy of the reference file, so a clean
 * clone has it) against the emulator's answers to the same calls on the demo data, at shape level.
 */
const fixtureSchema = z.object({
  responses: z.array(
    z.object({
      operation: z.string(),
      evidence: z.string(),
      source: z.string(),
      body: z.unknown(),
    }),
  ),
  errors: z.array(z.object({ name: z.string(), source: z.string(), body: z.unknown() })),
});
const fixture = fixtureSchema.parse(
  JSON.parse(
    readFileSync(new URL('../../src/api/contract/real-responses.json', import.meta.url), 'utf8'),
  ),
);

type Emulator = ReturnType<typeof createTestEmulator>;

interface Case {
  /** The emulator's answer to the same call, after any setup the call needs. */
  answer(emulator: Emulator): Promise<unknown>;
  /** For a variant of a list item: only the emulator's items of this kind are compared. */
  kind?: (item: unknown) => boolean;
  /** Keys of the real answer the emulator legitimately never sends: path → why. `x.*` is every key under x. */
  exempt?: Record<string, string>;
}

const get = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (node, key) =>
      typeof node === 'object' && node !== null && !Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined,
    value,
  );

const ok = (method: string, path: string, options?: CallOptions) => (emulator: Emulator) =>
  emulator.body(method, path, options);

const failing =
  (status: number, method: string, path: string, options?: CallOptions) =>
  async (emulator: Emulator) => {
    const response = await emulator.call(method, path, options);
    expect(response.status, `${method} ${path}`).toBe(status);
    return (await response.json()) as unknown;
  };

const one = (emulator: Emulator, sql: string): unknown => emulator.store.db.prepare(sql).get();
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The support-hub announcement with several hundred reactions. */
const bigMessage = (emulator: Emulator) =>
  text(
    get(
      one(
        emulator,
        'SELECT message_id AS id FROM reaction_counts GROUP BY message_id ORDER BY sum(count) DESC LIMIT 1',
      ),
      'id',
    ),
  );

const pendingIds = (emulator: Emulator) =>
  emulator.store.db
    .prepare(
      "SELECT message_id FROM blocked_messages WHERE status = 'pending' ORDER BY message_id DESC",
    )
    .pluck()
    .all()
    .map(text);

const flaggedIds = (emulator: Emulator) =>
  emulator.store.db
    .prepare(
      "SELECT message_id FROM flagged_messages WHERE status = 'pending' ORDER BY message_id DESC",
    )
    .pluck()
    .all()
    .map(text);
/** Someone who may flag message `id`: the other user of its conversation, or another group member. */
const participantOf = (emulator: Emulator, id: string) =>
  text(
    get(
      one(
        emulator,
        `SELECT CASE WHEN m.receiver_type = 'user' THEN m.receiver ELSE (SELECT g.uid FROM group_members g JOIN users u ON u.uid = g.uid WHERE g.guid = m.receiver AND g.uid != m.sender AND u.deactivated_at IS NULL LIMIT 1) END AS uid FROM messages m WHERE m.id = ${Number(id)}`,
      ),
      'uid',
    ),
  );
/** A member of hiking-club who is not its owner. */
const kickable = (emulator: Emulator) =>
  text(
    get(
      one(
        emulator,
        "SELECT m.uid FROM group_members m JOIN groups g ON g.guid = m.guid WHERE m.guid = 'hiking-club' AND m.uid != coalesce(g.owner, '') AND m.scope = 'participant' LIMIT 1",
      ),
      'uid',
    ),
  );

const sdkSent = {
  'data[].message.data.metadata':
    "set by the sending SDK (its file bookkeeping); the demo's messages were not sent through an SDK",
  'data[].message.data.resource': "the sending SDK's platform tag",
};

const cases: Record<string, Case> = {
  'GET /roles': { answer: ok('GET', '/v3/roles') },
  'GET /roles/{role}': { answer: ok('GET', '/v3/roles/default') },
  'GET /roles/{role}/permissions': { answer: ok('GET', '/v3/roles/default/permissions') },
  'PUT /roles/{role}/permissions': {
    answer: ok('PUT', '/v3/roles/default/permissions', {
      body: { permissions: { sendMessage: 'allow' } },
    }),
  },
  'DELETE /roles/{role}/permissions/{permission}': {
    answer: ok('DELETE', '/v3/roles/default/permissions/listUsers.mode'),
  },
  'DELETE /messages/{id}': {
    // The example's message had been edited: delete an edited one-on-one message, on behalf of its sender.
    answer: async (emulator) => {
      const row = one(
        emulator,
        "SELECT id, sender FROM messages WHERE receiver_type = 'user' AND edited_at IS NOT NULL AND category = 'message' LIMIT 1",
      );
      return await emulator.body('DELETE', `/v3/messages/${text(get(row, 'id'))}`, {
        onBehalfOf: text(get(row, 'sender')),
      });
    },
  },
  'POST /users/{uid}/conversation/delivered': {
    answer: ok('POST', '/v3/users/amelia-hart/conversation/delivered', {
      onBehalfOf: 'noah-fischer',
    }),
  },
  'DELETE /users (documented)': {
    answer: ok('DELETE', '/v3/users', {
      body: { uidsToDeactivate: ['amelia-hart', 'noah-fischer'] },
    }),
  },
  'DELETE /users (observed: unknown + already)': {
    answer: ok('DELETE', '/v3/users', {
      body: { uidsToDeactivate: ['ben-walker', 'InvalidUserUID'] },
    }),
  },
  'PUT /users (documented)': {
    answer: ok('PUT', '/v3/users', { body: { uidsToActivate: ['amelia-hart', 'noah-fischer'] } }),
  },
  'PUT /users (observed)': {
    answer: ok('PUT', '/v3/users', { body: { uidsToActivate: ['InvalidUID'] } }),
  },
  'PUT /moderation/reasons/{id}': {
    answer: ok('PUT', '/v3/moderation/reasons/spam', { body: { name: 'Spam / Unwanted Content' } }),
  },
  'GET /moderation/reasons': { answer: ok('GET', '/v3/moderation/reasons') },
  'GET /groups/{guid}/bannedusers': {
    // The example's first user has a link and metadata: ban such a member (ethan-brooks) first.
    answer: async (emulator) => {
      await emulator.body('POST', '/v3/groups/night-owls/bannedusers/ethan-brooks', {
        onBehalfOf: 'diego-alvarez',
      });
      return await emulator.body('GET', '/v3/groups/night-owls/bannedusers');
    },
    exempt: {
      'data[].conversationId':
        'relative to an acting user (onBehalfOf), which this operation does not take',
      'data[].metadata.*':
        "metadata is the app's own JSON; the example app's keys are not the demo's",
      'data[].blockedByMe':
        'user-to-user blocking is not emulated (the service adds it relative to an acting user)',
      'data[].blockedByMeAt': 'user-to-user blocking is not emulated',
      'data[].blockedAt': 'user-to-user blocking is not emulated',
    },
  },
  'PATCH /moderation/blocked-messages/{messageId} (approve)': {
    answer: (emulator) =>
      emulator.body('PATCH', `/v3/moderation/blocked-messages/${pendingIds(emulator)[0] ?? ''}`, {
        body: { status: 'approved' },
      }),
  },
  'PATCH /moderation/blocked-messages/{id} (review)': {
    answer: (emulator) =>
      emulator.body('PATCH', `/v3/moderation/blocked-messages/${pendingIds(emulator)[0] ?? ''}`, {
        body: { status: 'rejected', reviewed: true },
      }),
  },
  'POST /messages/{id}/reactions/{reaction}': {
    // The example has a reaction by someone else and one by the acting user (reactedByMe).
    answer: async (emulator) => {
      const row = one(
        emulator,
        "SELECT id, sender, receiver FROM messages WHERE receiver_type = 'user' AND category = 'message' AND type = 'text' AND moderation IS NULL AND deleted_at IS NULL LIMIT 1",
      );
      const id = text(get(row, 'id'));
      await emulator.body('POST', `/v3/messages/${id}/reactions/${encodeURIComponent('😅')}`, {
        onBehalfOf: text(get(row, 'sender')),
      });
      return await emulator.body(
        'POST',
        `/v3/messages/${id}/reactions/${encodeURIComponent('😒')}`,
        { onBehalfOf: text(get(row, 'receiver')) },
      );
    },
  },
  'GET /messages/{id}/reactions': {
    // With onBehalfOf, as the example's second item carries the conversation with the acting user.
    answer: (emulator) =>
      emulator.body('GET', `/v3/messages/${bigMessage(emulator)}/reactions`, {
        onBehalfOf: 'olivia-bennett',
      }),
  },
  'GET /messages/{id}/reactions/{reaction}': {
    // The example has meta.next: more than a page (100) of one kind, so 700 more users react.
    answer: async (emulator) => {
      const id = bigMessage(emulator);
      await emulator.body('POST', '/__emulator/scale', {
        body: { users: 700, prefix: 'shape', reactionsOn: id },
      });
      return await emulator.body('GET', `/v3/messages/${id}/reactions/${encodeURIComponent('👍🏽')}`);
    },
  },
  'DELETE /notifications/v1/preferences': {
    answer: ok('DELETE', '/v3/notifications/v1/preferences?uid=amelia-hart'),
  },
  'DELETE /notifications/v1/preferences (older page, no quoted replies)': {
    answer: ok('DELETE', '/v3/notifications/v1/preferences?uid=amelia-hart'),
  },
  'GET /notifications/v1/preferences?uid= (shape A)': {
    answer: ok('GET', '/v3/notifications/v1/preferences?uid=amelia-hart'),
    exempt: {
      'data.preferences':
        'decision 0002: get and update answer shape B (the reset shape), not shape A; the console reads both',
      'data.sound': 'decision 0002: shape B',
      'data.templates': 'decision 0002: shape B',
    },
  },
  'GET /moderation/blocked-messages (image rule)': {
    answer: ok('GET', '/v3/moderation/blocked-messages'),
    kind: (item) => Array.isArray(get(item, 'condition', 'message')),
    exempt: sdkSent,
  },
  'GET /moderation/blocked-messages (toxicity rule: condition.message is a string)': {
    answer: ok('GET', '/v3/moderation/blocked-messages'),
    kind: (item) => typeof get(item, 'condition', 'message') === 'string',
    exempt: {
      ...sdkSent,
      'data[].message.data.url':
        "the docs reuse the image example's message for the toxicity item; a text rule holds a text message",
      'data[].message.data.attachments': 'as url: the image example reused',
    },
  },
  'GET /moderation/flagged-messages': {
    answer: ok('GET', '/v3/moderation/flagged-messages'),
    kind: (item) => Array.isArray(get(item, 'flaggedBy')) && get(item, 'receiverType') === 'user',
    exempt: {
      'data[].appId': "the real app's id; the emulator serves one app and names none",
      'data[].data.metadata':
        'set by the sending SDK (link previews); the demo was not sent through one',
      'data[].data.entities.sender.entity.lastActiveAt': 'the demo users were never online',
      'data[].data.entities.receiver.entity.lastActiveAt': 'the demo users were never online',
    },
  },
  'PATCH /moderation/flagged-messages/{id} (no data wrapper)': {
    answer: (emulator) =>
      emulator.body('PATCH', `/v3/moderation/flagged-messages/${flaggedIds(emulator)[0] ?? ''}`, {
        body: { status: 'approved' },
      }),
  },
  'POST /messages/{id}/flagged': {
    answer: (emulator) =>
      emulator.body('POST', '/v3/messages/1/flagged', {
        onBehalfOf: participantOf(emulator, '1'),
        body: { reasonId: 'spam', remark: 'again' },
      }),
  },
  'GET /groups/{guid}/members': {
    answer: ok('GET', '/v3/groups/hiking-club/members'),
    exempt: {
      'data[].conversationId':
        'relative to an acting user (onBehalfOf), which this call does not send',
      'data[].metadata.*':
        "metadata is the app's own JSON; the example app's keys are not the demo's",
      'data[].link': "no member of the demo's hiking-club has a profile link",
      cursor: 'an undocumented cursor beside the page-style meta; the console pages by page',
    },
  },
  'DELETE /groups/{guid}/members/{uid}': {
    answer: async (emulator) =>
      await emulator.body('DELETE', `/v3/groups/hiking-club/members/${kickable(emulator)}`),
  },
  'DELETE /moderation/reasons/{id} (no data wrapper)': {
    answer: ok('DELETE', '/v3/moderation/reasons/scam'),
  },
  'GET /messages with a groupMember action (on = user entity)': {
    answer: ok('GET', '/v3/messages?receiverType=group&limit=100'),
    kind: (item) => get(item, 'category') === 'action' && get(item, 'type') === 'groupMember',
  },
  'GET /messages with category "interactive"': {
    answer: ok('GET', '/v3/messages?conversationId=amelia-hart_user_noah-fischer&limit=100'),
    kind: (item) => get(item, 'category') === 'interactive',
  },
};

const errorCases: Record<string, Case | { notEmulated: string }> = {
  'ERR_BAD_REQUEST 400': {
    answer: failing(400, 'POST', '/v3/moderation/reasons', { body: {} }),
    exempt: { 'error.details.*': 'the fields named are those of the request that failed' },
  },
  'AUTH_ERR_NO_ACCESS 403': {
    notEmulated: 'the emulator has one key, with full access; key scopes are not emulated',
  },
  'ERR_UID_NOT_FOUND 404': { answer: failing(404, 'GET', '/v3/users/123123') },
  'ERR_API_NOT_FOUND 404': { answer: failing(404, 'GET', '/v3/nope') },
};

async function compare(real: unknown, c: Case) {
  const emulator = createTestEmulator({ admin: true, now: () => 1_763_600_000_000 });
  let answer = await c.answer(emulator);
  if (c.kind) {
    const items = get(answer, 'data');
    if (!Array.isArray(items)) throw new Error('a kind needs a list answer');
    const ofKind = items.filter(c.kind);
    expect(ofKind.length, 'emulator items of this kind').toBeGreaterThan(0);
    answer = { ...(answer as object), data: ofKind };
  }
  const realItems = get(real, 'data');
  if (Array.isArray(realItems) && realItems.length > 0)
    expect(get(answer, 'data'), 'the emulator answers a non-empty list').not.toEqual([]);
  const exemptions = Object.keys(c.exempt ?? {});
  const used = new Set<string>();
  const exempt = (path: string) => {
    const hit = exemptions.find(
      (rule) => rule === path || (rule.endsWith('.*') && path.startsWith(rule.slice(0, -1))),
    );
    if (hit) used.add(hit);
    return hit !== undefined;
  };
  expect(shapeProblems(real, answer, exempt)).toEqual([]);
  // An exemption the real answer no longer needs is dropped, so the list stays the honest minimum.
  expect(
    exemptions.filter((rule) => !used.has(rule)),
    'unused exemptions',
  ).toEqual([]);
}

describe('the emulator answers in the real service’s shapes', () => {
  it('has a case for every real answer in the fixture', () => {
    expect(
      fixture.responses.map((r) => r.operation).filter((operation) => !(operation in cases)),
    ).toEqual([]);
    expect(fixture.errors.map((e) => e.name).filter((name) => !(name in errorCases))).toEqual([]);
  });

  for (const { operation, body } of fixture.responses) {
    const c = cases[operation];
    if (c) it(operation, async () => await compare(body, c));
  }

  for (const { name, body } of fixture.errors) {
    const c = errorCases[name];
    if (c && 'answer' in c) it(`error ${name}`, async () => await compare(body, c));
  }
});

describe('shapeProblems', () => {
  it('names missing keys and type changes, recursively, and lets null match anything', () => {
    const real = { data: { id: '1', at: 5, tags: ['a'], by: { uid: 'x' }, gone: null } };
    expect(
      shapeProblems(real, {
        data: { id: '1', at: 5, tags: [], by: { uid: 'y', extra: 1 }, gone: 3 },
      }),
    ).toEqual([]);
    expect(shapeProblems(real, { data: { id: 1, tags: ['b'], by: {} } })).toEqual([
      "data.id: string in the real answer, number in the emulator's",
      "data.at: missing from the emulator's answer",
      "data.by.uid: missing from the emulator's answer",
      "data.gone: missing from the emulator's answer",
    ]);
    expect(shapeProblems({ data: [{ a: 1 }] }, { data: {} })).toEqual([
      "data: array in the real answer, object in the emulator's",
    ]);
  });

  it('matches each real list item with an emulator item of its kind, naming the closest one’s problems', () => {
    const real = {
      data: [
        { kind: 'a', a: 1 },
        { kind: 'b', b: 'x' },
      ],
    };
    expect(
      shapeProblems(real, {
        data: [
          { kind: 'b', b: 'y' },
          { kind: 'a', a: 2, more: true },
        ],
      }),
    ).toEqual([]);
    expect(shapeProblems(real, { data: [{ kind: 'a', a: 2 }, { kind: 'b' }] })).toEqual([
      "data[].b: missing from the emulator's answer",
    ]);
    expect(
      shapeProblems(real, { data: [{ kind: 'a', a: 2 }] }, (path) => path === 'data[].b'),
    ).toEqual([]);
  });
});
