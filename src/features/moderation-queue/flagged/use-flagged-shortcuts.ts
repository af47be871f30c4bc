import { useEffect, useRef } from 'react';
import { letterKeyAction, type ShortcutAction } from '../queue/use-queue-shortcuts';

export type FlaggedAction = 'next' | 'previous' | 'approve' | 'block' | 'toggle' | 'help' | 'close';

const flaggedActions: Partial<Record<ShortcutAction, FlaggedAction>> = {
  next: 'next',
  previous: 'previous',
  approve: 'approve',
  reject: 'block',
  rejectWithNote: 'block',
  toggle: 'toggle',
  help: 'help',
  close: 'close',
};

/** `b` blocks where the blocked queue's `r` rejects; `r` and `d` mean nothing here. */
const keyAs = (key: string) =>
  key === 'b' || key === 'B'
    ? 'r'
    : key.toLowerCase() === 'r' || key.toLowerCase() === 'd'
      ? ''
      : key;

/**
 * The flagged queue's keys, through the blocked queue's guard (no typing, no dialog, no modifier):
 * j/k move, a approves, b blocks, x selects, ? shows the keys, Escape closes.
 */
export function useFlaggedShortcuts(onAction: (action: FlaggedAction) => void) {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const shortcut = letterKeyAction({
        key: keyAs(event.key),
        target: event.target,
        defaultPrevented: event.defaultPrevented,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
      });
      const action = shortcut ? flaggedActions[shortcut] : undefined;
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
