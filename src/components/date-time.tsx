import { formatDateTime, isoFromSeconds } from '@/utils/format';

/** A timestamp in seconds shown as a local date, machine-readable in `dateTime`. */
export function DateTime({ seconds }: { seconds: number | undefined | null }) {
  if (seconds === undefined || seconds === null) return <span>—</span>;
  return <time dateTime={isoFromSeconds(seconds)}>{formatDateTime(seconds)}</time>;
}
