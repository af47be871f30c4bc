import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import {
  isNavAction,
  letterKeyAction,
  listKeyAction,
  type KeyMap,
  type NavAction,
} from './shortcuts';

/**
 * A decision key pressed again this soon is the same gesture (a quick double press, as a double-click
 * is one click), never a decision on the item the cursor has just moved to: nobody has read it yet.
 */
const gestureMs = 500;

interface Options<D extends string> {
  keys: KeyMap<D>;
  listRef: RefObject<HTMLUListElement | null>;
  /** Moving, selecting, opening and closing, as each queue does them. */
  onNav: (action: NavAction) => void;
  /** A decision key: approve, reject, block … */
  onDecision: (decision: D) => void;
}

/**
 * A review queue's keyboard: the letter keys on the whole document, the list keys on the listbox
 * (`onListKey`). Moving puts focus on the list, so a screen reader announces the item that became
 * active. A held key repeats; a decision is one press, however long, and the same key pressed again
 * within `gestureMs` decides nothing, even once the first decision was answered and the cursor moved
 * on. The handlers always see the latest state.
 */
export function useReviewKeys<D extends string>({ keys, listRef, onNav, onDecision }: Options<D>) {
  const dispatch = (action: NavAction | D) => {
    if (
      (action === 'next' || action === 'previous' || action === 'toggle') &&
      document.activeElement !== listRef.current
    )
      listRef.current?.focus();
    if (isNavAction(action)) onNav(action);
    else onDecision(action);
  };
  const latest = useRef(dispatch);
  useEffect(() => {
    latest.current = dispatch;
  });
  useEffect(() => {
    let last = { key: '', at: -Infinity };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.isComposing) return;
      const action = letterKeyAction(keys, event);
      if (!action) return;
      event.preventDefault();
      if (!isNavAction(action)) {
        if (event.repeat) return;
        const quickSecond = event.key === last.key && event.timeStamp - last.at < gestureMs;
        last = { key: event.key, at: event.timeStamp };
        if (quickSecond) return;
      }
      latest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keys]);

  return {
    onListKey: (event: KeyboardEvent<HTMLUListElement>) => {
      const action = listKeyAction(keys, event);
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    },
  };
}
