import { describe, expect, it, vi } from 'vitest';
import { createUpstreamGate, GateRefusal } from './upstream-gate';

/** Acquires a turn and records, under `label`, when it was granted. */
function take(
  gate: ReturnType<typeof createUpstreamGate>,
  operator: string,
  label: string,
  granted: string[],
  signal?: AbortSignal,
) {
  const release = gate.acquire(operator, signal).then((free) => {
    granted.push(label);
    return free;
  });
  release.catch(() => undefined);
  return release;
}

describe('upstream gate', () => {
  it('holds an operator at their cap while another operator goes straight through', async () => {
    const gate = createUpstreamGate({ burst: 0, perOperator: 2, total: 16 });
    const granted: string[] = [];
    const a1 = take(gate, 'a', 'a1', granted);
    void take(gate, 'a', 'a2', granted);
    void take(gate, 'a', 'a3', granted);
    void take(gate, 'b', 'b1', granted);
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a2', 'b1']));
    expect(gate.load('a')).toEqual({ inFlight: 2, queued: 1 });

    (await a1)();
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a2', 'b1', 'a3']));
    expect(gate.load()).toEqual({ inFlight: 3, queued: 0 });
  });

  it('serves waiting operators in turn when every connection is taken', async () => {
    const gate = createUpstreamGate({ burst: 0, perOperator: 2, total: 2 });
    const granted: string[] = [];
    const turns = new Map<string, Promise<() => void>>();
    const queue = (operator: string, label: string) =>
      turns.set(label, take(gate, operator, label, granted));
    for (const label of ['a1', 'a2', 'a3', 'a4', 'a5']) queue('a', label);
    queue('b', 'b1');
    queue('c', 'c1');
    queue('b', 'b2');
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a2']));

    // Each freed connection goes to the next operator in turn, not to the longest backlog.
    for (const [index, expected] of ['a3', 'b1', 'c1', 'a4', 'b2', 'a5'].entries()) {
      (await turns.get(granted[index] ?? ''))?.();
      await vi.waitFor(() => expect(granted.at(-1)).toBe(expected));
    }
    expect(gate.load()).toEqual({ inFlight: 2, queued: 0 });
  });

  it("lends an operator at their share the free burst connections, never another operator's share", async () => {
    const gate = createUpstreamGate({ perOperator: 2, total: 3, burst: 2, burstPerOperator: 2 });
    const granted: string[] = [];
    const turns = ['a1', 'a2', 'a3', 'a4', 'a5'].map((label) => take(gate, 'a', label, granted));
    // Two on the shared connections, two on the burst ones; the fifth waits.
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a2', 'a3', 'a4']));
    expect(gate.load('a')).toEqual({ inFlight: 4, queued: 1 });
    // Another operator's call takes the shared connection left, at once.
    const b1 = take(gate, 'b', 'b1', granted);
    await vi.waitFor(() => expect(granted.at(-1)).toBe('b1'));
    void take(gate, 'b', 'b2', granted);

    // A freed burst connection goes to whoever waits at their share: first a's fifth, in turn.
    (await turns[3])?.();
    await vi.waitFor(() => expect(granted.at(-1)).toBe('a5'));
    (await b1)();
    await vi.waitFor(() => expect(granted.at(-1)).toBe('b2'));
    expect(gate.load()).toEqual({ inFlight: 5, queued: 0 });
  });

  it('queues writes and reads alike, first come first served within an operator', async () => {
    const gate = createUpstreamGate({ burst: 0, perOperator: 1 });
    const granted: string[] = [];
    const first = take(gate, 'a', 'read 1', granted);
    void take(gate, 'a', 'write', granted);
    void take(gate, 'a', 'read 2', granted);
    (await first)();
    await vi.waitFor(() => expect(granted).toEqual(['read 1', 'write']));
  });

  it('refuses beyond the queue bound, and a turn that does not come in time', async () => {
    const gate = createUpstreamGate({
      burst: 0,
      perOperator: 1,
      queuePerOperator: 1,
      maxWaitMs: 20,
    });
    const granted: string[] = [];
    await take(gate, 'a', 'a1', granted);
    const waiting = take(gate, 'a', 'a2', granted);
    await expect(take(gate, 'a', 'a3', granted)).rejects.toMatchObject({ kind: 'queue-full' });
    await expect(waiting).rejects.toBeInstanceOf(GateRefusal);
    await expect(waiting).rejects.toMatchObject({ kind: 'wait-expired' });
    expect(gate.load('a')).toEqual({ inFlight: 1, queued: 0 });
  });

  it("refuses each wait at its own deadline, not at the first waiter's", async () => {
    const gate = createUpstreamGate({
      burst: 0,
      perOperator: 1,
      queuePerOperator: 2,
      maxWaitMs: 60,
    });
    const granted: string[] = [];
    const release = await take(gate, 'a', 'a1', granted);
    const early = take(gate, 'a', 'a2', granted);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const late = take(gate, 'a', 'a3', granted);
    await expect(early).rejects.toMatchObject({ kind: 'wait-expired' });
    expect(gate.load('a')).toEqual({ inFlight: 1, queued: 1 });
    release();
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a3']));
    await expect(late).resolves.toBeTypeOf('function');
  });

  it('forgets a waiter whose client went away', async () => {
    const gate = createUpstreamGate({ burst: 0, perOperator: 1 });
    const granted: string[] = [];
    const first = take(gate, 'a', 'a1', granted);
    const client = new AbortController();
    const gone = take(gate, 'a', 'a2', granted, client.signal);
    void take(gate, 'a', 'a3', granted);
    client.abort();
    await expect(gone).rejects.toMatchObject({ kind: 'aborted' });
    (await first)();
    await vi.waitFor(() => expect(granted).toEqual(['a1', 'a3']));
  });

  it('gives the slot back once, however often release is called, and when the task throws', async () => {
    const gate = createUpstreamGate({ burst: 0, perOperator: 1 });
    const release = await gate.acquire('a');
    release();
    release();
    expect(gate.load()).toEqual({ inFlight: 0, queued: 0 });
    await expect(
      gate.run('a', undefined, () => Promise.reject(new Error('upstream down'))),
    ).rejects.toThrow('upstream down');
    expect(gate.load('a')).toEqual({ inFlight: 0, queued: 0 });
  });
});
