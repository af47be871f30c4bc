import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedMessageListResponseSchema } from '../../../src/api/schemas/blocked-message';
import { createTestEmulator } from '../test-support';
import { addBlockedArrival, startBlockedArrivals } from './arrivals';
import { createPrng } from './prng';

afterEach(() => {
  vi.useRealTimers();
});

const pendingIds = async (emulator: ReturnType<typeof createTestEmulator>) =>
  (
    await emulator.json(blockedMessageListResponseSchema, 'GET', '/v3/moderation/blocked-messages')
  ).data.map((item) => item.message.id);

describe('blocked messages arriving for the demo', () => {
  it('adds a pending blocked message from an active member of a demo group, first in the list', async () => {
    const emulator = createTestEmulator();
    const before = await pendingIds(emulator);
    const now = 1_900_000_000;
    const id = addBlockedArrival(emulator.store, createPrng(7), now);
    const list = await emulator.json(
      blockedMessageListResponseSchema,
      'GET',
      '/v3/moderation/blocked-messages',
    );
    const [first] = list.data;
    expect(first?.message.id).toBe(String(id));
    expect(list.data.map((item) => item.message.id).slice(1)).toEqual(before);
    expect(first).toMatchObject({
      message: { receiverType: 'group', sentAt: now, data: { moderation: { status: 'pending' } } },
      createdAt: now,
    });
    const sender = first?.message.sender ?? '';
    const group = first?.message.receiver ?? '';
    const member = emulator.store.db
      .prepare(
        `SELECT u.deactivated_at FROM group_members m JOIN users u ON u.uid = m.uid WHERE m.guid = ? AND m.uid = ?`,
      )
      .get(group, sender) as { deactivated_at: number | null } | undefined;
    expect(member).toEqual({ deactivated_at: null });
  });

  it('arrives on its timer until stopped', async () => {
    vi.useFakeTimers();
    const emulator = createTestEmulator();
    const arrived: number[] = [];
    const arrivals = startBlockedArrivals(emulator.store, {
      everyMs: 45_000,
      now: () => 1_900_000_000_000,
      seed: 3,
      onArrival: (id) => arrived.push(id),
    });
    vi.advanceTimersByTime(44_999);
    expect(arrived).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(arrived).toHaveLength(1);
    vi.advanceTimersByTime(90_000);
    expect(arrived).toHaveLength(3);
    arrivals.stop();
    vi.advanceTimersByTime(450_000);
    expect(arrived).toHaveLength(3);
    expect((await pendingIds(emulator)).slice(0, 3)).toEqual(arrived.map(String).reverse());
  });
});
