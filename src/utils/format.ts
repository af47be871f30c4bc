/** Made on first use: building an Intl formatter loads locale data (tens of ms), off a page's first paint. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateTime = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** Unix seconds → a readable local date and time. */
export function formatDateTime(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null) return '—';
  return dateTime().format(new Date(seconds * 1000));
}

/** ISO string for `<time dateTime>`. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

const relative = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));

export function formatRelative(seconds: number, nowMs: number = Date.now()): string {
  const diff = seconds - Math.round(nowMs / 1000);
  const abs = Math.abs(diff);
  if (abs < 60) return relative().format(diff, 'second');
  if (abs < 3600) return relative().format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return relative().format(Math.round(diff / 3600), 'hour');
  return relative().format(Math.round(diff / 86400), 'day');
}

export function formatCount(n: number): string {
  return n.toLocaleString();
}

/** `text` with its first letter in capitals, as a sentence starts. */
export const upperFirst = (text: string): string =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
