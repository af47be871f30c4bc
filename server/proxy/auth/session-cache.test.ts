import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';
import { sessionIdleMs } from './sessions';

/**
 * Sessions are remembered between requests (decision 0045); whatever ends a session or changes its
 * operator takes effect at the very next forwarded request, on either of two servers on one store.
 * Each test first reads through both servers, so both remember the session.
 */
let h: Harness;
let b: ReturnType<Harness['replica']>;
beforeEach(async () => {
  h = await createHarness();
  b = h.replica();
});
afterEach(() => h.close());

const read = (call: Harness['call'], cookie: string) => call('GET', '/api/users', { cookie });
const deleteReason = (call: Harness['call'], cookie: string) =>
  call('DELETE', '/api/moderation/reasons/spam', { cookie });

/**
 * A statement run outside the console's code: on SQLite by its own connection; on PostgreSQL any
 * connection is another program's as far as the replicas are concerned.
 */
async function byAnotherProgram(statement: string) {
  if (h.store.sqlite) h.store.sqlite.prepare(statement).run();
  else await sql.raw(statement).execute(h.store.db);
}

/** Waits until the store's listener holds the auth version in the store (PostgreSQL only). */
async function heardEverything() {
  const watch = h.store.authWatch;
  if (!watch) return;
  const [row] = (
    await sql<{ v: string }>`SELECT version::text AS v FROM auth_version`.execute(h.store.db)
  ).rows;
  await vi.waitFor(() => expect(watch.known()).toBe(row?.v));
}

async function warm(cookie: string) {
  expect((await read(h.call, cookie)).status).toBe(200);
  expect((await read(b.call, cookie)).status).toBe(200);
}

describe('a remembered session', () => {
  it('forwards a read without reading the session or the auth version again', async () => {
    await warm(h.cookies.moderator);
    // On PostgreSQL the store's listener vouches for the auth version once its lease is written.
    const watch = h.store.authWatch;
    if (watch) await vi.waitFor(() => expect(watch.known()).toBeDefined());
    const statements = vi.spyOn(h.store.db, 'executeQuery');
    expect((await read(b.call, h.cookies.moderator)).status).toBe(200);
    expect((await read(h.call, h.cookies.moderator)).status).toBe(200);
    // The only statement that may run meanwhile is the rate limit's settlement, on its own timer.
    const texts = statements.mock.calls.map(([query]) => ('sql' in query ? query.sql : ''));
    for (const text of texts) expect(text).toMatch(/^insert into "rate_buckets"/);
  });

  it('ends at the next forwarded request once it signs out on the other server', async () => {
    await warm(h.cookies.moderator);
    expect((await h.call('POST', '/auth/logout', { cookie: h.cookies.moderator })).status).toBe(
      204,
    );
    expect((await read(b.call, h.cookies.moderator)).status).toBe(401);
  });

  it('carries a role change made on the other server into the next request', async () => {
    await warm(h.cookies.moderator);
    const demote = await h.call('PATCH', '/console/operators/moderator', {
      cookie: h.cookies.admin,
      body: { role: 'support' },
    });
    expect(demote.status).toBe(200);
    expect((await deleteReason(b.call, h.cookies.moderator)).status).toBe(403);
    expect(h.upstream.seen.filter((seen) => seen.method === 'DELETE')).toEqual([]);
  });

  it('ends at the next request when its operator is removed on the other server', async () => {
    await warm(h.cookies.support);
    const removal = await h.call('DELETE', '/console/operators/support', {
      cookie: h.cookies.admin,
    });
    expect(removal.status).toBe(204);
    expect((await read(b.call, h.cookies.support)).status).toBe(401);
  });

  it('follows a change written to the store by another program', async () => {
    await warm(h.cookies.moderator);
    await byAnotherProgram("UPDATE operators SET role = 'support' WHERE username = 'moderator'");
    // On PostgreSQL once the listener heard it: another program's write does not wait for the
    // replicas, as the console's own writes do (decision 0065).
    await heardEverything();
    expect((await deleteReason(b.call, h.cookies.moderator)).status).toBe(403);
    await byAnotherProgram('DELETE FROM sessions');
    await heardEverything();
    expect((await read(h.call, h.cookies.moderator)).status).toBe(401);
  });

  it('expires after the idle limit without being read again', async () => {
    await warm(h.cookies.moderator);
    h.clock.now += sessionIdleMs;
    expect((await read(b.call, h.cookies.moderator)).status).toBe(401);
    expect((await read(h.call, h.cookies.moderator)).status).toBe(401);
  });
});
