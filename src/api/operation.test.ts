import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { callOperation, type Answer } from './operation';
import type { User } from './schemas/user';

const calls: { url: string; init: RequestInit }[] = [];

function answer(body: unknown) {
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { uid: 'ann', name: 'Ann' };

describe('callOperation', () => {
  it('takes method, path and answer schema from the catalogue entry', async () => {
    answer({ data: user });
    const read = await callOperation('users.get', { uid: 'a/b' });
    expect(read.data).toMatchObject(user);
    expect(calls[0]?.url).toBe('/api/users/a%2Fb');
    expect(calls[0]?.init.method).toBe('GET');
    answer({ data: { uid: 7 } });
    await expect(callOperation('users.get', { uid: 'ann' })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('sends a write with its body and documented query; a mismatched answer is not a failure', async () => {
    answer({ unexpected: true });
    const written = await callOperation(
      'preferences.update',
      {},
      { query: { uid: 'ann' }, body: { muteAll: true } },
    );
    expect(written).toBeUndefined();
    expect(calls[0]?.url).toBe('/api/notifications/v1/preferences?uid=ann');
    expect(calls[0]?.init).toMatchObject({ method: 'PATCH', body: '{"muteAll":true}' });
  });

  it('encodes each path parameter as one segment', async () => {
    answer({});
    await callOperation('reactions.remove', { id: 7, reaction: '👍🏽' });
    expect(calls[0]?.url).toBe('/api/messages/7/reactions/%F0%9F%91%8D%F0%9F%8F%BD');
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('types path parameters, query parameters and answers from the catalogue', () => {
    expectTypeOf<Answer<'users.get'>['data']>().toEqualTypeOf<User>();
    expectTypeOf(callOperation<'bans.add'>)
      .parameter(1)
      .toEqualTypeOf<{ readonly guid: string | number } & { readonly uid: string | number }>();
    // Checked by the type check only; never sent.
    const refused = () => [
      // @ts-expect-error `page` is not a documented parameter of a single user's read.
      callOperation('users.get', { uid: 'ann' }, { query: { page: 1 } }),
      // @ts-expect-error a read sends no body.
      callOperation('users.list', {}, { body: {} }),
      // @ts-expect-error the ban names its group and its user.
      callOperation('bans.add', { guid: 'g' }),
    ];
    expectTypeOf(refused).toBeFunction();
  });
});
