import { useEffect, useRef } from 'react';

export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'approve'
  | 'reject'
  | 'rejectWithNote'
  | 'delete'
  | 'open'
  | 'toggle'
  | 'help'
  | 'close';

const decisions: ReadonlySet<ShortcutAction> = new Set([
  'approve',
  'reject',
  'rejectWithNote',
  'delete',
]);

/** Letter keys work anywhere in the page's main area; arrows, Enter and Space only on the list itself. */
const letterKeys: Record<string, ShortcutAction> = {
  j: 'next',
  k: 'previous',
  a: 'approve',
  r: 'reject',
  d: 'delete',
  o: 'open',
  x: 'toggle',
  '?': 'help',
};
const listKeys: Record<string, ShortcutAction> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Enter: 'open',
  ' ': 'toggle',
  Escape: 'close',
};

function isTyping(target: Element): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable) ||
    target.closest('[role="textbox"], [role="combobox"], [role="spinbutton"]') !== null
  );
}

interface KeyLike {
  key: string;
  target: EventTarget | null;
  defaultPrevented: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Whether the queue may take this key at all: no typing, no open dialog or menu, no modifiers. */
function mayHandle(event: KeyLike): Element | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const target = event.target instanceof Element ? event.target : document.body;
  if (isTyping(target) || target.closest('.MuiModal-root')) return undefined;
  if (document.querySelector('[role="dialog"], [role="menu"]')) return undefined;
  return target;
}

/** Arrows, Enter, Space and Escape on the listbox itself. */
export function listKeyAction(event: KeyLike): ShortcutAction | undefined {
  if (!mayHandle(event) || event.shiftKey) return undefined;
  return listKeys[event.key];
}

/** Letter keys (and `?`, Escape) anywhere in the page's main area. */
export function letterKeyAction(event: KeyLike): ShortcutAction | undefined {
  const target = mayHandle(event);
  if (!target) return undefined;
  const letter = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  // Shift+R rejects through the dialog, for a reason or a note; `?` is typed with Shift.
  if (event.shiftKey && letter !== '?' && letter !== 'r') return undefined;
  if (letter === 'Escape') return 'close';
  const inPage = target === document.body || target.closest('main') !== null;
  if (!inPage) return undefined;
  return event.shiftKey && letter === 'r' ? 'rejectWithNote' : letterKeys[letter];
}

/** The queue's letter shortcuts on the whole document; the handler always sees the latest state. */
export function useQueueShortcuts(onShortcut: (action: ShortcutAction) => void) {
  const handler = useRef(onShortcut);
  useEffect(() => {
    handler.current = onShortcut;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const action = letterKeyAction(event);
      if (!action) return;
      event.preventDefault();
      // A held key repeats; a decision is one press, however long.
      if (event.repeat && decisions.has(action)) return;
      handler.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
