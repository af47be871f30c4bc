import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that is on only while one of its runs is under way. On Node 20 an enabled
 * storage hooks every promise of the process, not only those of its runs: once the first page had
 * been drawn with its data (decision 0060), every proxied read cost about 30 µs more (96 → 126 µs
 * of the console's CPU a call, decision 0061). When the last run ends, the storage is disabled,
 * which takes the hook away; the next run enables it again. A continuation of a run that resumes
 * after every run has ended reads no store.
 */
export function createDrawingStorage<T>() {
  const storage = new AsyncLocalStorage<T>();
  let running = 0;
  return {
    async run<R>(store: T, work: () => Promise<R>): Promise<R> {
      running += 1;
      try {
        return await storage.run(store, work);
      } finally {
        running -= 1;
        if (running === 0) storage.disable();
      }
    },
    getStore: (): T | undefined => storage.getStore(),
    /** Runs under way; the storage is on while there is one. */
    get running() {
      return running;
    },
  };
}
