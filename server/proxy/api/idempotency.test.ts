import { afterEach, describe, expect, it } from 'vitest';
import type { Reply } from '../test-support/echo-upstream';
import { createHarness, type CallOptions, type Harness } from '../test-support/harness';

/**
 * Writes sent with an `Idempotency-Key` (decision 0023): a repeat gets the first answer and never
 * reaches the service, on one console or on two replicas sharing the store.
 */
let h: Harness;
afterEach(() => h.close());

const deleteMessage = (key: string, o: CallOptions = {}) =>
  [
    'DELETE',
    '/api/messages/42',
    { body: { permanent: false }, ...o, headers: { 'idempotency-key': key } },
  ] as const;
const deletes = () => h.upstream.seen.filter((seen) => seen.method === 'DELETE');
const deleteRows = async () =>
  (await h.auditRows()).filter((row) => row.action === 'messages.delete');

/** The upstream's next answers wait for `release()`. */
function held(): { reply: (req: unknown) => Reply; release: () => void } {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reply: () => ({ status: 200, body: '{"data":{"id":"42"}}', after: gate }), release };
}

describe('a write with an Idempotency-Key', () => {
  it('is sent once when repeated; the repeat gets the first answer and the audit one row', async () => {
    h = await createHarness({ reply: () => ({ status: 200, body: '{"data":{"id":"42"}}' }) });
    const cookie = h.cookies.moderator;
    const first = await h.call(...deleteMessage('intent-1', { cookie }));
    const repeat = await h.call(...deleteMessage('intent-1', { cookie }));
    expect([first.status, repeat.status]).toEqual([200, 200]);
    expect(await repeat.json()).toEqual(await first.json());
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(deletes()).toHaveLength(1);
    expect(await deleteRows()).toMatchObject([{ action: 'messages.delete', outcome: 'ok' }]);
  });

  it('is sent once when the repeat arrives while the first is still running', async () => {
    const upstream = held();
    h = await createHarness({ reply: upstream.reply });
    const cookie = h.cookies.moderator;
    const answers = Promise.all([
      h.call(...deleteMessage('intent-2', { cookie })),
      h.call(...deleteMessage('intent-2', { cookie })),
      h.call(...deleteMessage('intent-2', { cookie })),
    ]);
    await expect.poll(() => deletes().length).toBe(1);
    upstream.release();
    expect((await answers).map((res) => res.status)).toEqual([200, 200, 200]);
    expect(deletes()).toHaveLength(1);
    expect(await deleteRows()).toHaveLength(1);
  });

  it('is sent once across two replicas sharing the store, at once or one after the other', async () => {
    const upstream = held();
    h = await createHarness({ reply: upstream.reply });
    const b = h.replica();
    const cookie = h.cookies.moderator;
    const answers = Promise.all([
      h.call(...deleteMessage('intent-3', { cookie })),
      b.call(...deleteMessage('intent-3', { cookie })),
    ]);
    await expect.poll(() => deletes().length).toBe(1);
    upstream.release();
    expect((await answers).map((res) => res.status)).toEqual([200, 200]);
    expect((await b.call(...deleteMessage('intent-3', { cookie }))).status).toBe(200);
    expect(deletes()).toHaveLength(1);
    expect(await deleteRows()).toHaveLength(1);
  });

  it('refuses the key reused for a different request with 422, without sending it', async () => {
    h = await createHarness();
    const cookie = h.cookies.moderator;
    expect((await h.call(...deleteMessage('intent-4', { cookie }))).status).toBe(200);
    const other = await h.call('DELETE', '/api/messages/43', {
      cookie,
      body: { permanent: false },
      headers: { 'idempotency-key': 'intent-4' },
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      error: { code: 'CONSOLE_IDEMPOTENCY_KEY_REUSED' },
    });
    expect(deletes()).toHaveLength(1);
  });

  it('keeps keys per operator, for 24 hours', async () => {
    h = await createHarness();
    await h.call(...deleteMessage('intent-5', { cookie: h.cookies.moderator }));
    await h.call(...deleteMessage('intent-5', { cookie: h.cookies.admin }));
    expect(await deleteRows()).toHaveLength(2);
    expect(deletes()).toHaveLength(2);
    h.clock.now += 24 * 60 * 60 * 1000 - 1;
    // A session idle for a day has ended: the operator signs in again.
    const cookie = await h.login('moderator');
    await h.call(...deleteMessage('intent-5', { cookie }));
    expect(deletes()).toHaveLength(2);
    h.clock.now += 1;
    await h.call(...deleteMessage('intent-5', { cookie }));
    expect(deletes()).toHaveLength(3);
  });

  it('lets a repeat try again when the service refused with 429 (nothing was applied)', async () => {
    let calls = 0;
    h = await createHarness({
      reply: () => (++calls === 1 ? { status: 429, body: '{"error":{"code":"RATE"}}' } : {}),
    });
    const cookie = h.cookies.moderator;
    expect((await h.call(...deleteMessage('intent-6', { cookie }))).status).toBe(429);
    expect((await h.call(...deleteMessage('intent-6', { cookie }))).status).toBe(200);
    expect(deletes()).toHaveLength(2);
  });

  it('refuses a key that is not printable text', async () => {
    h = await createHarness();
    const res = await h.call(...deleteMessage('two words', { cookie: h.cookies.moderator }));
    expect(res.status).toBe(400);
    expect(deletes()).toHaveLength(0);
  });
});
