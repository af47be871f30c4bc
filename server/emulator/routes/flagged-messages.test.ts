import { describe, expect, it } from 'vitest';
import {
  flaggedMessageListResponseSchema,
  reviewedMessageListResponseSchema,
} from '../../../src/api/schemas/flagged-message';
import { messageResponseSchema } from '../../../src/api/schemas/message';
import { createTestEmulator } from '../test-support';

const flagged = '/v3/moderation/flagged-messages';

/** A visible text message of a one-to-one conversation that nobody flagged yet, and its receiver. */
function unflagged(emulator: ReturnType<typeof createTestEmulator>) {
  const row = emulator.store.db
    .prepare(
      `SELECT id, receiver FROM messages WHERE receiver_type = 'user' AND category = 'message' AND type = 'text'
       AND moderation IS NULL AND deleted_at IS NULL AND id NOT IN (SELECT message_id FROM flagged_messages)
       ORDER BY id DESC LIMIT 1`,
    )
    .get() as { id: number; receiver: string };
  return { id: String(row.id), receiver: row.receiver };
}

describe('flagged messages', () => {
  it('lists the demo flags: several reporters with reasons and remarks, and a rule’s flag', async () => {
    const emulator = createTestEmulator();
    const list = await emulator.json(flaggedMessageListResponseSchema, 'GET', flagged);
    expect(list.data).toHaveLength(8);
    expect(list.meta.current).toEqual({ limit: 50, count: 8 });
    const reporters = list.data.map((item) => item.flaggedBy ?? []);
    expect(Math.max(...reporters.map((r) => r.length))).toBe(3);
    expect(new Set(reporters.flat().map((r) => r.uid)).size).toBeGreaterThan(3);
    for (const report of reporters.flat()) {
      expect(report.reasonId).toBeTruthy();
      expect(report.reasonName).toBeTruthy();
      expect(report.description).toBeTruthy();
    }
    expect(reporters.flat().some((report) => report.remark !== undefined)).toBe(true);
    const byRule = list.data.filter((item) => item.data.moderation?.rule !== undefined);
    expect(byRule.map((item) => item.data.moderation?.rule?.id)).toEqual([
      'contact_details_filter',
      'contact_details_filter',
    ]);
    expect(byRule.some((item) => (item.flaggedBy ?? []).length === 0)).toBe(true);
  });

  it('takes a report on behalf of a user, grouped with the message’s other reports', async () => {
    const emulator = createTestEmulator();
    const target = unflagged(emulator);
    const res = await emulator.call('POST', `/v3/messages/${target.id}/flagged`, {
      onBehalfOf: target.receiver,
      body: { reasonId: 'scam', remark: 'Asked for my card number' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: {} });
    const list = await emulator.json(flaggedMessageListResponseSchema, 'GET', flagged);
    const item = list.data.find((entry) => entry.id === target.id);
    expect(item?.flaggedBy).toEqual([
      expect.objectContaining({
        uid: target.receiver,
        reasonId: 'scam',
        reasonName: 'Scam or Fraud',
        remark: 'Asked for my card number',
      }),
    ]);
  });

  it('refuses a report without onBehalfOf, with an unknown reason or an undocumented field', async () => {
    const emulator = createTestEmulator();
    const target = unflagged(emulator);
    const path = `/v3/messages/${target.id}/flagged`;
    expect((await emulator.call('POST', path, { body: { reasonId: 'spam' } })).status).toBe(400);
    const unknown = await emulator.call('POST', path, {
      onBehalfOf: target.receiver,
      body: { reasonId: 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'ERR_REASON_NOT_FOUND' } });
    const extra = await emulator.call('POST', path, {
      onBehalfOf: target.receiver,
      body: { reasonId: 'spam', severity: 'high' },
    });
    expect(extra.status).toBe(400);
    expect(
      (await emulator.call('GET', `${flagged}?limit=5`)).status,
      'no query parameter is documented',
    ).toBe(400);
  });

  it('approves (stays visible) and blocks (hidden), both moving the item to the reviewed list', async () => {
    const emulator = createTestEmulator();
    const [keep, hide] = (await emulator.json(flaggedMessageListResponseSchema, 'GET', flagged))
      .data;
    if (!keep || !hide) throw new Error('demo flags missing');
    const approve = await emulator.call('PATCH', `${flagged}/${keep.id}`, {
      body: { status: 'approved' },
    });
    expect(await approve.json()).toEqual({
      success: true,
      message: `Message with id ${keep.id} has been unflagged successfully.`,
    });
    expect(
      (await emulator.call('PATCH', `${flagged}/${hide.id}`, { body: { status: 'disapproved' } }))
        .status,
    ).toBe(200);

    const pending = await emulator.json(flaggedMessageListResponseSchema, 'GET', flagged);
    expect(pending.data.map((item) => item.id)).not.toContain(keep.id);
    expect(pending.data.map((item) => item.id)).not.toContain(hide.id);
    const visible = await emulator.json(messageResponseSchema, 'GET', `/v3/messages/${keep.id}`);
    expect(visible.data.data.moderation?.status).toBe('approved');
    const listed = (await emulator.body('GET', `/v3/messages?limit=1000`)) as {
      data: { id: string }[];
    };
    expect(listed.data.map((m) => m.id)).toContain(keep.id);
    expect(listed.data.map((m) => m.id)).not.toContain(hide.id);

    const reviewed = await emulator.json(
      reviewedMessageListResponseSchema,
      'GET',
      '/v3/moderation/reviewed-messages',
    );
    const decided = new Map(reviewed.flags.map((f) => [f.message.id, f]));
    expect(decided.get(keep.id)?.message.data.moderation?.status).toBe('approved');
    expect(decided.get(hide.id)?.message.data.moderation?.status).toBe('disapproved');
    expect(decided.get(hide.id)?.flaggedBy).toEqual(hide.flaggedBy ?? []);
    expect(reviewed.data.length, 'the decided blocked messages are still listed').toBeGreaterThan(
      0,
    );
  });

  it('answers 404 for a message that is not flagged, 400 for another status', async () => {
    const emulator = createTestEmulator();
    const target = unflagged(emulator);
    const missing = await emulator.call('PATCH', `${flagged}/${target.id}`, {
      body: { status: 'approved' },
    });
    expect(missing.status).toBe(404);
    const [first] = (await emulator.json(flaggedMessageListResponseSchema, 'GET', flagged)).data;
    const wrong = await emulator.call('PATCH', `${flagged}/${first?.id ?? ''}`, {
      body: { status: 'rejected' },
    });
    expect(wrong.status).toBe(400);
  });
});
