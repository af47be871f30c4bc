import type { DoctorCheck } from '../../src/api/schemas/chat-service';
import { header, type Answer } from './transport';

/** Below this share of the minute's quota left, the headroom check warns. */
export const lowHeadroom = 0.1;
/** Round trips slower than this make the console feel slow: a warning. */
export const slowRoundTripMs = 1500;

const count = (n: number) => n.toLocaleString('en-US');

const numberHeader = (answer: Answer, names: readonly string[]): number | undefined => {
  for (const name of names) {
    const value = Number(header(answer, name));
    if (header(answer, name) !== undefined && Number.isFinite(value)) return value;
  }
  return undefined;
};

const limitNames = ['x-rate-limit', 'x-rate-limit-limit', 'x-ratelimit-limit'] as const;
const remainingNames = ['x-rate-limit-remaining', 'x-ratelimit-remaining'] as const;
const resetNames = ['x-rate-limit-reset', 'x-ratelimit-reset'] as const;

/** Headroom from the `X-Rate-Limit*` headers of the latest answer that carries them. */
export function checkRateLimit(answers: readonly Answer[]): DoctorCheck {
  const base = { id: 'rate-limit', group: 'connection', title: 'Rate-limit headroom' } as const;
  const limited = answers.find((a) => a.status === 429);
  if (limited) {
    const wait = header(limited, 'retry-after');
    const reset = numberHeader(limited, resetNames);
    const at = reset
      ? ` (the window resets at ${new Date(reset * 1000).toISOString().slice(11, 19)} UTC)`
      : '';
    return {
      ...base,
      status: 'fail',
      detail: `The service answered 429: this app's quota for the minute is used up${wait ? `; retry after ${wait} s` : ''}${at}.`,
      hint: "Something else uses this app's quota heavily; the console will be refused until the window resets.",
    };
  }
  for (const answer of [...answers].reverse()) {
    const limit = numberHeader(answer, limitNames);
    const remaining = numberHeader(answer, remainingNames);
    if (limit === undefined || remaining === undefined || limit <= 0) continue;
    const detail = `${count(remaining)} of ${count(limit)} requests left in this minute's window.`;
    if (remaining / limit < lowHeadroom) {
      return {
        ...base,
        status: 'warn',
        detail,
        hint: 'Under 10% of the quota is left: something else uses this app heavily, and the console may get 429s.',
      };
    }
    return { ...base, status: 'pass', detail };
  }
  return {
    ...base,
    status: 'skip',
    detail: 'Unknown: the answers carried no X-Rate-Limit headers.',
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The key probe's time, and the median of the reads when there were some. */
export function checkRoundTrip(first: Answer, reads: readonly Answer[]): DoctorCheck {
  const base = { id: 'round-trip', group: 'connection', title: 'Round-trip time' } as const;
  const firstMs = Math.round(first.ms);
  const readsMs = reads.length ? Math.round(median(reads.map((a) => a.ms))) : undefined;
  const detail =
    `${firstMs} ms for the first call` +
    (readsMs === undefined ? '.' : `; median ${readsMs} ms over ${reads.length} reads.`);
  const slow = Math.max(firstMs, readsMs ?? 0) > slowRoundTripMs;
  return slow
    ? {
        ...base,
        status: 'warn',
        detail,
        hint: `Over ${slowRoundTripMs} ms: pages of the console will feel slow; check the network path to the service.`,
        ms: first.ms,
      }
    : { ...base, status: 'pass', detail, ms: first.ms };
}
