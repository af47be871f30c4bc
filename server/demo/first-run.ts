import { readHistory, readQueueItems } from '../emulator/seed/demo-history';
import type { RunningEmulator } from '../emulator/start';
import type { ConsoleStore } from '../proxy/store/store';
import { seedConsoleHistory } from './console-history';

/**
 * After the embedded emulator seeded its demo data (a first start, or `--reseed`), gives the
 * console the matching history: the demo moderators' decisions on the emulator's decided items
 * and the queue over the last 30 days, so home and the insights show a team at work. Nothing
 * without an embedded emulator (a real chat service is never given made-up history), when the
 * emulator kept its data, or when turned off. Returns how many decisions it wrote.
 */
export async function seedDemoHistoryOnFirstRun(opts: {
  emulator: Pick<RunningEmulator, 'store' | 'seeded'> | undefined;
  store: ConsoleStore;
  enabled: boolean;
  now: number;
}): Promise<number> {
  if (!opts.emulator?.seeded || !opts.enabled) return 0;
  const { db } = opts.emulator.store;
  return seedConsoleHistory(
    opts.store,
    { history: readHistory(db), queue: readQueueItems(db) },
    opts.now,
  );
}
