/**
 * A value, or a promise of one when it must be waited for (the store asked). The request path uses
 * a value at hand at once: awaiting it would first let every other queued job run (4 µs of a
 * proxied read, measured on its way).
 */
export type Settled<T> = T | Promise<T>;

/** `next` of a settled value: at once when the value is at hand, else when it resolves. */
export const andThen = <T, R>(value: Settled<T>, next: (value: T) => Settled<R>): Settled<R> =>
  value instanceof Promise ? value.then(next) : next(value);
