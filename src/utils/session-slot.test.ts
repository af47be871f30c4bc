import { describe, expect, it } from 'vitest';
import { sessionSlot } from './session-slot';

/** An in-memory Storage; `full` makes every write fail as a browser over its quota does. */
function memoryStorage(options: { full?: boolean } = {}) {
  const items = new Map<string, string>();
  const storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => void items.delete(key),
    setItem: (key: string, value: string) => {
      if (options.full) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
  } satisfies Storage;
  return { storage, items };
}

const numbers = {
  encode: (value: number[]) => ({ version: 1, value }),
  decode: (stored: unknown) =>
    typeof stored === 'object' &&
    stored !== null &&
    'version' in stored &&
    stored.version === 1 &&
    'value' in stored &&
    Array.isArray(stored.value) &&
    stored.value.every((n) => typeof n === 'number')
      ? stored.value.filter((n): n is number => typeof n === 'number')
      : undefined,
};

describe('session slot', () => {
  it('writes, reads back and clears a value', () => {
    const { storage, items } = memoryStorage();
    const slot = sessionSlot('k', numbers, () => storage);
    expect(slot.write([1, 2])).toBe(true);
    expect(items.get('k')).toBe('{"version":1,"value":[1,2]}');
    expect(slot.read()).toEqual([1, 2]);
    slot.clear();
    expect(slot.read()).toBeUndefined();
  });

  it.each([
    ['text that is not JSON', '{"version":1,'],
    ['JSON of an older shape', '[1,2]'],
    ['JSON of another version', '{"version":0,"value":[1]}'],
  ])('ignores and removes %s', (_what, raw) => {
    const { storage, items } = memoryStorage();
    items.set('k', raw);
    const slot = sessionSlot('k', numbers, () => storage);
    expect(slot.read()).toBeUndefined();
    expect(items.has('k')).toBe(false);
  });

  it('says so when the tab will not store the value, and leaves no stale one behind', () => {
    const { storage, items } = memoryStorage({ full: true });
    items.set('k', '{"version":1,"value":[1]}');
    const slot = sessionSlot('k', numbers, () => storage);
    expect(slot.write([1, 2])).toBe(false);
    expect(slot.read()).toBeUndefined();
  });

  it('works without storage at all', () => {
    const slot = sessionSlot('k', numbers, () => undefined);
    expect(slot.write([1])).toBe(false);
    expect(slot.read()).toBeUndefined();
  });

  it('tells subscribers about writes and clears', () => {
    const { storage } = memoryStorage();
    const slot = sessionSlot('k', numbers, () => storage);
    let calls = 0;
    const stop = slot.subscribe(() => (calls += 1));
    slot.write([1]);
    slot.clear();
    stop();
    slot.write([2]);
    expect(calls).toBe(2);
  });
});
