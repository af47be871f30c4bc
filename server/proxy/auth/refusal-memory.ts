/**
 * Refusals this process decided, kept until their time is up, so a client that keeps asking is
 * answered from memory with no store work (a flood's refusals cost nothing but the answer). Bounded:
 * past `max` keys the oldest go.
 */
export function createRefusalMemory(max = 10_000) {
  const until = new Map<string, number>();
  return {
    /** Milliseconds left of a refusal, or 0. */
    until(key: string, now: number): number {
      const at = until.get(key);
      if (at === undefined) return 0;
      if (at > now) return at - now;
      until.delete(key);
      return 0;
    },
    remember(key: string, at: number): void {
      until.delete(key);
      until.set(key, at);
      // The oldest remembered go first: the map keeps the order they were remembered in.
      for (const k of until.keys()) {
        if (until.size <= max) break;
        until.delete(k);
      }
    },
    forget(key: string): void {
      until.delete(key);
    },
  };
}

export type RefusalMemory = ReturnType<typeof createRefusalMemory>;

const byStore = new WeakMap<object, RefusalMemory>();

/** The memory of the console servers of this process on `store` (replicas in tests share one). */
export function refusalMemory(store: object): RefusalMemory {
  let memory = byStore.get(store);
  if (!memory) {
    memory = createRefusalMemory();
    byStore.set(store, memory);
  }
  return memory;
}
