import { useEffect } from 'react';
import type { Notify } from '@/components/notifier';

/**
 * "message 187 from Ethan Brooks left the queue: Rejected by sam." `nameOf` names an item in the
 * queue's words.
 */
export function leftText<T>(
  items: readonly T[],
  notes: ReadonlyMap<string, string>,
  idOf: (item: T) => string,
  nameOf: (item: T) => string,
) {
  const why = (item: T) => notes.get(idOf(item)) ?? 'decided elsewhere';
  const [first] = items;
  if (items.length === 1 && first) return `${nameOf(first)} left the queue: ${why(first)}.`;
  const named = items.slice(0, 3).map((item) => `${nameOf(item)} (${why(item)})`);
  return `${items.length} messages left the queue: ${named.join(', ')}${items.length > 3 ? ', …' : ''}.`;
}

/** What an action on an item decided elsewhere, kept under the cursor, says instead of acting. */
export const decidedElsewhereText = (name: string) =>
  `${name} was decided elsewhere, so there is nothing to do here. It leaves the list when you move on.`;

/**
 * Items decided elsewhere leave the list as soon as an answer shows it, said with who decided them
 * when the console knows. The item under the cursor stays, marked, until the moderator moves on, so
 * it never jumps away under them. Items this moderator acts on (`hidden`: in flight, or decided) are
 * left to the outcome of the action: a refusal because someone decided first brings the item back
 * with that decision, which must find it there. Items waiting for the moderator's answer to
 * someone else's decision (`held`) stay too. Both queues use it, each with its own ids and names.
 */
export function useLeavingItems<T>(opts: {
  shown: readonly T[];
  gone: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  held: ReadonlySet<string>;
  activeId: string | undefined;
  notes: ReadonlyMap<string, string>;
  drop: (ids: ReadonlySet<string>) => void;
  notify: Notify;
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
}) {
  const { shown, gone, hidden, held, activeId, notes, drop, notify, idOf, nameOf } = opts;
  useEffect(() => {
    const leaving = shown.filter((item) => {
      const id = idOf(item);
      return gone.has(id) && id !== activeId && !hidden.has(id) && !held.has(id);
    });
    if (leaving.length === 0) return;
    drop(new Set(leaving.map(idOf)));
    notify(leftText(leaving, notes, idOf, nameOf), 'info');
  }, [shown, gone, hidden, held, activeId, notes, drop, notify, idOf, nameOf]);
}
