import { describe, expect, it } from 'vitest';
import { createDrawingStorage } from './drawing-storage';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a storage on only while its runs are under way', () => {
  it('gives each run its own store, also when runs overlap and one ends first', async () => {
    const storage = createDrawingStorage<string>();
    const second = gate();
    const seen: (string | undefined)[] = [];
    const a = storage.run('a', async () => {
      await Promise.resolve();
      seen.push(storage.getStore());
    });
    const b = storage.run('b', async () => {
      await second.opened;
      seen.push(storage.getStore());
    });
    expect(storage.running).toBe(2);
    await a;
    expect(storage.running).toBe(1);
    second.open();
    await b;
    expect(seen).toEqual(['a', 'b']);
    expect(storage.running).toBe(0);
  });

  it('is off once the last run ended: a continuation left behind reads no store; a new run is on again', async () => {
    const storage = createDrawingStorage<string>();
    const later = gate();
    let leftBehind: Promise<string | undefined> | undefined;
    await storage.run('page', async () => {
      // Work the run started but did not wait for, as a read past its drawing's budget.
      leftBehind = later.opened.then(() => storage.getStore());
      await Promise.resolve();
    });
    later.open();
    expect(await leftBehind).toBeUndefined();
    expect(await storage.run('next', () => Promise.resolve(storage.getStore()))).toBe('next');
  });
});
