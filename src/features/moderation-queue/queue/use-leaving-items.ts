import { useEffect } from 'react';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import type { Notify } from '@/components/notifier';
import { itemId, shortName } from '../item-info';

/** "message 187 from Ethan Brooks left the queue: Rejected by sam." */
export function leftText(items: readonly BlockedMessage[], notes: ReadonlyMap<string, string>) {
  const why = (item: BlockedMessage) => notes.get(itemId(item)) ?? 'decided elsewhere';
  const [first] = items;
  if (items.length === 1 && first) return `${shortName(first)} left the queue: ${why(first)}.`;
  const named = items.slice(0, 3).map((item) => `${shortName(item)} (${why(item)})`);
  return `${items.length} messages left the queue: ${named.join(', ')}${items.length > 3 ? ', …' : ''}.`;
}

/**
 * Items decided elsewhere leave the list as soon as an answer shows it, said with who decided them
 * when the console knows. The item under the cursor stays, marked, until the moderator moves on, so
 * it never jumps away under them; items this moderator decided (`hidden`) are not announced.
 */
export function useLeavingItems(opts: {
  shown: readonly BlockedMessage[];
  gone: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  activeId: string | undefined;
  notes: ReadonlyMap<string, string>;
  drop: (ids: ReadonlySet<string>) => void;
  notify: Notify;
}) {
  const { shown, gone, hidden, activeId, notes, drop, notify } = opts;
  useEffect(() => {
    const leaving = shown.filter((item) => gone.has(itemId(item)) && itemId(item) !== activeId);
    if (leaving.length === 0) return;
    drop(new Set(leaving.map(itemId)));
    const others = leaving.filter((item) => !hidden.has(itemId(item)));
    if (others.length > 0) notify(leftText(others, notes), 'info');
  }, [shown, gone, hidden, activeId, notes, drop, notify]);
}
