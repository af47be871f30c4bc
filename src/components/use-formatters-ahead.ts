import { useEffect } from 'react';
import { formatDateTime, formatRelative } from '@/utils/format';

/**
 * Makes the date formatters in tasks of their own: building an Intl formatter loads locale data the
 * first time, a long task that otherwise lands in the task that renders the data. Returns the
 * timers.
 */
export function makeFormattersAhead(): ReturnType<typeof setTimeout>[] {
  return [setTimeout(() => formatRelative(0)), setTimeout(() => formatDateTime(0))];
}

/** While a page's data is on its way, makes the date formatters ahead (makeFormattersAhead). */
export function useFormattersAhead(pending: boolean) {
  useEffect(() => {
    if (!pending) return;
    const timers = makeFormattersAhead();
    return () => timers.forEach(clearTimeout);
  }, [pending]);
}
