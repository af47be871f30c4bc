import { vi, expect } from 'vitest';
import { createEmulatorApp } from '../../emulator/app';
import { openSeededStore } from '../../emulator/test-stores';
import { fetchHandlerForward } from '../api/forward';
import { manualTimers } from './manual-timers';
import { createHarness } from './harness';

export const liveEmulatorPollMs = 10_000;
const pollMs = liveEmulatorPollMs;

/**
 * A console in front of the in-process emulator (test controls on), counting blocked-list reads
 * (`reads`) and flagged-list reads (`flaggedReads`), its live queues on timers the test moves.
 */
export async function liveConsole() {
  const clock = manualTimers();
  const emulatorStore = openSeededStore();
  const emulator = createEmulatorApp({ store: emulatorStore, apiKey: 'emulator-key', admin: true });
  const reads: { apikey: string | undefined; url: string }[] = [];
  const flaggedReads: { apikey: string | undefined; url: string }[] = [];
  const forward = fetchHandlerForward((req) => {
    const url = new URL(req.url);
    const read = { apikey: req.headers.get('apikey') ?? undefined, url: req.url };
    if (req.method === 'GET' && url.pathname === '/v3/moderation/blocked-messages')
      reads.push(read);
    if (req.method === 'GET' && url.pathname === '/v3/moderation/flagged-messages')
      flaggedReads.push(read);
    return emulator.fetch(req);
  });
  const h = await createHarness({
    deps: {
      upstream: { baseUrl: 'http://emulator.invalid/v3', apiKey: 'emulator-key' },
      forward,
      // Twenty watchers are one operator's twenty streams here.
      liveQueue: { pollMs, heartbeatMs: 15_000, maxStreamsPerOperator: 20 },
    },
    hooks: { liveTimers: clock.timers },
  });
  const control = (path: string, body: unknown) =>
    emulator.request(`/__emulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** Resolves once no replica holds the poll's lease: the last watcher has gone. */
  const stopped = () =>
    vi.waitFor(async () =>
      expect(await h.store.db.selectFrom('leases').selectAll().execute()).toEqual([]),
    );
  return {
    h,
    reads,
    flaggedReads,
    control,
    advance: (ms: number) => clock.advance(ms),
    stopped,
    close: async () => {
      await h.close();
      emulatorStore.close();
    },
  };
}
