import { describe, expect, it } from 'vitest';
import { createFairSlots, SlotsBusyError } from './fair-slots';

/** Work that ends when the test says so, recording the order it started in. */
function harness(opts = { running: 1, perClient: 4, perAccount: 2, total: 16 }) {
  const slots = createFairSlots(opts);
  const started: string[] = [];
  const finish: (() => void)[] = [];
  const submit = (client: string, account: string) =>
    slots.run({ client, account }, () => {
      started.push(`${client}/${account}`);
      return new Promise<void>((resolve) => finish.push(resolve));
    });
  const step = async () => {
    finish.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { slots, started, submit, step };
}

describe('fair hashing slots', () => {
  it('serve another client next, whatever one client has waiting', async () => {
    const { started, submit, step } = harness();
    const flood = ['a', 'b', 'c', 'd', 'e'].map((account) => submit('attacker', account));
    const operator = submit('office', 'admin');
    await step();
    expect(started).toEqual(['attacker/a', 'office/admin']);
    for (let i = 0; i < 5; i++) await step();
    await Promise.allSettled([...flood, operator]);
  });

  it('refuse a client past its own waiting room, not others', async () => {
    const { slots, submit, step } = harness();
    const flood = Array.from({ length: 5 }, (_, i) => submit('attacker', `u${i}`));
    const refused = submit('attacker', 'u9');
    await expect(refused).rejects.toBeInstanceOf(SlotsBusyError);
    const operator = submit('office', 'admin');
    expect(slots.load()).toEqual({ running: 1, waiting: 5 });
    for (let i = 0; i < 6; i++) await step();
    await Promise.all([...flood, operator]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('take one client’s accounts in turn, and refuse a third wait on one account', async () => {
    const { started, submit, step } = harness();
    const first = submit('shared', 'x');
    const waits = [submit('shared', 'x'), submit('shared', 'x'), submit('shared', 'admin')];
    await expect(submit('shared', 'x')).rejects.toBeInstanceOf(SlotsBusyError);
    for (let i = 0; i < 4; i++) await step();
    await Promise.all([first, ...waits]);
    expect(started).toEqual(['shared/x', 'shared/admin', 'shared/x', 'shared/x']);
  });
});
