import { readdirSync, readFileSync } from 'node:fs';

/**
 * Seconds each journey file took on each stack in the last full `npm test` (written by
 * scripts/test-times.mjs), so that the lanes sharing a stack's journeys end together.
 */
export const journeyTimesFile = 'e2e/journey-seconds.json';

export type JourneySeconds = Partial<Record<'single' | 'replicas', Record<string, number>>>;

/**
 * The spec files of lane `current` of `total`: whole files, longest first, each to the lane with
 * the least recorded time so far (decision 0055). A file recorded on neither stack (a new one)
 * counts as the median file; one recorded on the other stack only has no journeys on this one.
 */
export function filesOfLane(
  files: readonly string[],
  recorded: JourneySeconds,
  stack: keyof JourneySeconds,
  { current, total }: { current: number; total: number },
): string[] {
  const seconds = recorded[stack] ?? {};
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const onAnyStack = (file: string) => Object.values(recorded).some((times) => file in times);
  const weight = (file: string) => seconds[file] ?? (onAnyStack(file) ? 0 : median);
  const byWeight = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const lanes = Array.from({ length: total }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of byWeight) {
    const lightest = lanes.reduce((best, lane) => (lane.seconds < best.seconds ? lane : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return (lanes[current - 1]?.files ?? []).sort();
}

/** Playwright's `testMatch` for lane `current` of `total` of `stack`'s journeys. */
export function laneMatch(
  stack: keyof JourneySeconds,
  shard: { current: number; total: number },
): RegExp {
  const files = readdirSync('e2e').filter((name) => name.endsWith('.spec.ts'));
  let recorded: JourneySeconds = {};
  try {
    recorded = JSON.parse(readFileSync(journeyTimesFile, 'utf8')) as JourneySeconds;
  } catch {
    // No record yet: every file counts the same.
  }
  const mine = filesOfLane(files, recorded, stack, shard);
  const escaped = mine.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|/)(${escaped.join('|')})$`);
}
