import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmulatorHarness, type EmulatorHarness } from '../test-support/harness';

let h: EmulatorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const review = (
  hh: EmulatorHarness,
  who: string,
  id: string,
  status: 'approved' | 'disapproved',
  headers: Record<string, string> = {},
) =>
  hh.call('PATCH', `/api/moderation/flagged-messages/${id}`, {
    cookie: who,
    body: { status },
    headers,
  });

/** The pending flags' message ids, as the service lists them. */
async function flaggedIds(hh: EmulatorHarness) {
  const res = await hh.call('GET', '/api/moderation/flagged-messages', {
    cookie: hh.cookies.admin,
  });
  return z
    .object({ data: z.array(z.object({ id: z.string() })) })
    .parse(await res.json())
    .data.map((item) => item.id);
}

/** Where the service says the flag stands. */
const serviceStatus = (hh: EmulatorHarness, id: string) =>
  hh.emulatorStore.db
    .prepare('SELECT status FROM flagged_messages WHERE message_id = ?')
    .pluck()
    .get(Number(id));

const conflictBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())),
  }),
});

const reviewRows = async (hh: EmulatorHarness) =>
  (await hh.auditRows())
    .filter((row) => row.action === 'flagged.review')
    .map((row) => [row.operator, row.outcome, row.status, row.detail]);

describe('decision conflicts on the flagged queue', () => {
  it('refuses with 409 to overturn another operator’s review of a flag, says who and when, and audits it', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    const [id] = await flaggedIds(hh);
    if (!id) throw new Error('no pending flag');
    expect((await review(hh, hh.cookies.admin, id, 'disapproved')).status).toBe(200);

    const stale = await review(hh, hh.cookies.moderator, id, 'approved');
    expect(stale.status).toBe(409);
    const { error } = conflictBody.parse(await stale.json());
    expect(error.code).toBe('CONSOLE_ALREADY_DECIDED');
    expect(error.message).toMatch(/^Already blocked by admin at \d\d:\d\d$/);
    expect(error.details).toEqual({
      status: ['rejected'],
      by: ['admin'],
      at: ['2030-01-01T09:00:00.000Z'],
    });
    expect(serviceStatus(hh, id)).toBe('disapproved');
    expect(await reviewRows(hh)).toEqual([
      ['admin', 'ok', 200, null],
      ['moderator', 'denied', 409, 'already blocked by admin at 2030-01-01T09:00:00.000Z'],
    ]);
  });

  it('forwards an explicit override of a flag’s review and records what it overrode', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    const [id] = await flaggedIds(hh);
    if (!id) throw new Error('no pending flag');
    await review(hh, hh.cookies.moderator, id, 'approved');
    const override = await review(hh, hh.cookies.admin, id, 'disapproved', {
      'x-console-override': 'decided',
    });
    expect(override.status).toBe(200);
    expect(serviceStatus(hh, id)).toBe('disapproved');
    expect((await reviewRows(hh)).at(-1)).toEqual([
      'admin',
      'ok',
      200,
      'override of approved by moderator (2030-01-01T09:00:00.000Z)',
    ]);
  });

  it('refuses a review of a flag the service lists as reviewed outside the console', async () => {
    const hh = await createEmulatorHarness();
    h = hh;
    const [id] = await flaggedIds(hh);
    if (!id) throw new Error('no pending flag');
    hh.emulatorStore.db
      .prepare("UPDATE flagged_messages SET status = 'approved' WHERE message_id = ?")
      .run(Number(id));
    const res = await review(hh, hh.cookies.moderator, id, 'disapproved');
    expect(res.status).toBe(409);
    const { error } = conflictBody.parse(await res.json());
    expect(error.message).toMatch(/^Already approved by someone outside the console /);
    expect(serviceStatus(hh, id)).toBe('approved');
  });
});
