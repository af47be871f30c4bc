/** What moving through a review list does, the same in both queues. */
export type NavAction = 'next' | 'previous' | 'open' | 'toggle' | 'help' | 'close';

/**
 * A queue's keys: `letters` work anywhere in the page's main area (looked up as typed with Shift,
 * `R` or `?`, and in lower case without); `list` keys (arrows, Enter, Space, Escape) only on the
 * listbox itself. Escape closes from anywhere.
 */
export interface KeyMap<D extends string> {
  letters: Readonly<Record<string, NavAction | D>>;
  list: Readonly<Record<string, NavAction | D>>;
}

const navActions: ReadonlySet<string> = new Set([
  'next',
  'previous',
  'open',
  'toggle',
  'help',
  'close',
]);
export const isNavAction = (action: string): action is NavAction => navActions.has(action);

/** The moves shared by both queues; each adds its decision keys. */
export const navLetters = {
  j: 'next',
  k: 'previous',
  o: 'open',
  x: 'toggle',
  '?': 'help',
} as const;
export const listKeys = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Enter: 'open',
  ' ': 'toggle',
  Escape: 'close',
} as const;

function isTyping(target: Element): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable) ||
    target.closest('[role="textbox"], [role="combobox"], [role="spinbutton"]') !== null
  );
}

export interface KeyLike {
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
export function listKeyAction<D extends string>(
  keys: KeyMap<D>,
  event: KeyLike,
): NavAction | D | undefined {
  if (!mayHandle(event) || event.shiftKey) return undefined;
  return keys.list[event.key];
}

/** Letter keys (and `?`, Escape) anywhere in the page's main area. */
export function letterKeyAction<D extends string>(
  keys: KeyMap<D>,
  event: KeyLike,
): NavAction | D | undefined {
  const target = mayHandle(event);
  if (!target) return undefined;
  if (event.key === 'Escape') return 'close';
  const inPage = target === document.body || target.closest('main') !== null;
  if (!inPage) return undefined;
  // With Shift only what is mapped as typed (`R`, `?`); without, caps lock does not matter.
  const key = event.shiftKey ? event.key : event.key.toLowerCase();
  return Object.hasOwn(keys.letters, key) ? keys.letters[key] : undefined;
}
