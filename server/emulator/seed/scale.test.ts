import { describe, expect, it } from 'vitest';
import { reactionListResponseSchema } from '../../../src/api/schemas/reaction';
import { userListResponseSchema } from '../../../src/api/schemas/user';
import { createEmulatorApp } from '../app';
import { seedDemo } from '../seed';
import { openStore } from '../store';

function setup() {
  const store = openStore({ file: ':memory:' });
  seedDemo(store);
  const app = createEmulatorApp({ store, apiKey: 'k', admin: true });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { apikey: 'k', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  return { store, call };
}

describe('POST /__emulator/scale', () => {
  it('creates users and one reaction each, visible through the API with correct counts', async () => {
    const { call, store } = setup();
    const groupMessage = store.db
      .prepare<[], { id: number }>(
        "SELECT id FROM messages WHERE receiver_type = 'group' AND category = 'message' LIMIT 1",
      )
      .get();
    expect(groupMessage).toBeDefined();
    const id = String(groupMessage?.id);
    const reactionsBefore = countReactions(store, id);
    const scaled = await call('POST', '/__emulator/scale', {
      users: 1200,
      prefix: 'bulk',
      reactionsOn: id,
    });
    expect(scaled).toEqual({ status: 200, json: { data: { users: 1200, reactions: 1200 } } });
    const users = userListResponseSchema.parse(
      (await call('GET', '/v3/users?searchKey=bulk-&perPage=1')).json,
    );
    expect(users.meta.pagination.total).toBe(1200);
    const message = (await call('GET', `/v3/messages/${id}`)).json as {
      data: { data: { reactions?: { count: number }[] } };
    };
    const total = (message.data.data.reactions ?? []).reduce((sum, r) => sum + r.count, 0);
    expect(total).toBe(reactionsBefore + 1200);
    const page = reactionListResponseSchema.parse(
      (await call('GET', `/v3/messages/${id}/reactions`)).json,
    );
    expect(page.data).toHaveLength(100);
    expect(page.meta.next).toBeDefined();
  });

  it('rejects a bad prefix with the error envelope', async () => {
    const { call } = setup();
    const res = await call('POST', '/__emulator/scale', { users: 5, prefix: 'Bad Prefix' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: 'ERR_BAD_REQUEST' } });
  });
});

function countReactions(store: ReturnType<typeof setup>['store'], id: string): number {
  return Number(
    store.db.prepare('SELECT count(*) FROM reactions WHERE message_id = ?').pluck().get(Number(id)),
  );
}
