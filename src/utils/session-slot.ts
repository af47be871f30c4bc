import { useSyncExternalStore } from 'react';

export interface SessionSlot<T> {
  /** The stored value, or undefined when there is none or it cannot be read (then it is removed). */
  read: () => T | undefined;
  /** False when the tab refused to store it (quota, storage disabled); the previous value is then gone. */
  write: (value: T) => boolean;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

/** The tab's sessionStorage, or undefined where the browser denies it (some privacy settings throw). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * One JSON value in the tab's sessionStorage under `key`. What is read back is checked by `decode`:
 * a value from an older version of the console, or edited by hand, is dropped instead of trusted.
 */
export function sessionSlot<T>(
  key: string,
  codec: { encode: (value: T) => unknown; decode: (stored: unknown) => T | undefined },
  storage: () => Storage | undefined = tabStorage,
): SessionSlot<T> {
  const listeners = new Set<() => void>();
  // Decoding a large value on every render would be wasteful: keep the last decode per raw string.
  let cached: { raw: string; value: T | undefined } | undefined;
  const notify = () => listeners.forEach((listener) => listener());

  const remove = () => {
    try {
      storage()?.removeItem(key);
    } catch {
      // Storage unavailable: nothing stored that could be removed.
    }
  };
  const clear = () => {
    remove();
    notify();
  };

  const read = (): T | undefined => {
    let raw: string | null | undefined;
    try {
      raw = storage()?.getItem(key);
    } catch {
      return undefined;
    }
    if (raw === null || raw === undefined) return undefined;
    if (cached?.raw === raw) return cached.value;
    let value: T | undefined;
    try {
      value = codec.decode(JSON.parse(raw));
    } catch {
      value = undefined;
    }
    cached = { raw, value };
    // Silently: this runs while rendering, and the answer (nothing) is the same before and after.
    if (value === undefined) remove();
    return value;
  };

  const write = (value: T): boolean => {
    let saved = true;
    try {
      const target = storage();
      if (!target) return false;
      target.setItem(key, JSON.stringify(codec.encode(value)));
    } catch {
      // Over quota: a stale value would be worse than none.
      saved = false;
      remove();
    }
    notify();
    return saved;
  };

  return {
    read,
    write,
    clear,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The slot's value, re-rendering when this tab writes or clears it. */
export function useSessionSlot<T>(slot: SessionSlot<T>): T | undefined {
  return useSyncExternalStore(slot.subscribe, slot.read, () => undefined);
}
