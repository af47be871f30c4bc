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
 * it never jumps away under them. Items this moderator acts on (`hidden`: in flight, or decided) are
 * left to the outcome of the action: a refusal because someone decided first brings the item back
 * with that decision, which must find it there. Items waiting for the moderator's answer to
 * someone else's decision (`held`) stay too.
 */
export function useLeavingItems(opts: {
  shown: readonly BlockedMessage[];
  gone: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  held: ReadonlySet<string>;
  activeId: string | undefined;
  notes: ReadonlyMap<string, string>;
  drop: (ids: ReadonlySet<string>) => void;
  notify: Notify;
}) {
  const { shown, gone, hidden, held, activeId, notes, drop, notify } = opts;
  useEffect(() => {
    const leaving = shown.filter((item) => {
      const id = itemId(item);
      return gone.has(id) && id !== activeId && !hidden.has(id) && !held.has(id);
    });
    if (leaving.length === 0) return;
    drop(new Set(leaving.map(itemId)));
    notify(leftText(leaving, notes), 'info');
  }, [shown, gone, hidden, held, activeId, notes, drop, notify]);
}
