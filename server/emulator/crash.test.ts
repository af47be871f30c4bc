import { describe, expect, it } from 'vitest';
import { runCrashCycles } from '../test-support/crash-harness';

// The full run (at least 100 cycles) is `npm run bench`; this bounded run keeps the suite fast.
describe('crash safety of the emulator store', () => {
  it('loses no acknowledged write and tears no transaction across SIGKILLs during HTTP writes', async () => {
    const report = await runCrashCycles({ cycles: 3, seed: 11, minDelayMs: 100, maxDelayMs: 300 });
    expect(report.problems).toEqual([]);
    expect(report.cycles).toBe(3);
    expect(report.ackedWrites).toBeGreaterThan(0);
    expect(report.lostWrites).toBe(0);
    expect(report.tornWrites).toBe(0);
    expect(report.integrityFailures).toBe(0);
    // Three emulator processes start and seed in turn; the seed now holds flags and a decided history.
  }, 60_000);
});
