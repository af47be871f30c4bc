import { useEffect } from 'react';
import { formatDateTime, formatRelative } from '@/utils/format';

/**
 * While a page's data is on its way, makes the date formatters in tasks of their own: building an Intl
 * formatter loads locale data the first time, a long task that otherwise lands in the task that
 * renders the data.
 */
export function useFormattersAhead(pending: boolean) {
  useEffect(() => {
    if (!pending) return;
    const timers = [setTimeout(() => formatRelative(0)), setTimeout(() => formatDateTime(0))];
    return () => timers.forEach(clearTimeout);
  }, [pending]);
}
