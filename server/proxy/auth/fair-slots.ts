/** Whose work a slot runs: the client's address and the account it is for. */
export interface Turn {
  client: string;
  account: string;
}

export interface FairSlotsOptions {
  /** Pieces of work running at once. */
  running: number;
  /** Waiting per client; one more from that client is refused. */
  perClient: number;
  /** Waiting per client and account. */
  perAccount: number;
  /** Waiting overall. */
  total: number;
}

/** There is no room to wait: the caller answers 503 with Retry-After. */
export class SlotsBusyError extends Error {
  constructor() {
    super('password hashing is saturated');
    this.name = 'SlotsBusyError';
  }
}

/**
 * A few slots shared in turn between clients, and within a client between accounts: when a slot
 * frees, the waiting client served longest ago gets it, and of its accounts the one served longest
 * ago. A flood from one client therefore waits behind itself (and is refused
 * past `perClient`) while any other client waits for one slot at most.
 */
export function createFairSlots(opts: FairSlotsOptions) {
  let running = 0;
  let waitingTotal = 0;
  const clients = new Map<string, Map<string, (() => void)[]>>();
  const waitingOf = new Map<string, number>();

  // When each client, and each client's account, last got a slot: the longest unserved goes next.
  let served = 0;
  const lastServed = new Map<string, number>();
  const leastRecent = (keys: Iterable<string>, prefix: string) => {
    let best: string | undefined;
    let bestAt = Infinity;
    for (const key of keys) {
      const at = lastServed.get(prefix + key) ?? -1;
      if (at < bestAt) [best, bestAt] = [key, at];
    }
    return best;
  };
  const markServed = (turn: Turn) => {
    served++;
    for (const key of [turn.client, `${turn.client}\n${turn.account}`]) {
      lastServed.delete(key);
      lastServed.set(key, served);
    }
    // Only the order matters: the oldest entries of clients long gone are dropped.
    while (lastServed.size > 4 * opts.total + 64) {
      const oldest = lastServed.keys().next();
      if (oldest.done) break;
      lastServed.delete(oldest.value);
    }
  };

  const startNext = (): boolean => {
    const client = leastRecent(clients.keys(), '');
    const accounts = client === undefined ? undefined : clients.get(client);
    const account = accounts && leastRecent(accounts.keys(), `${client}\n`);
    if (client === undefined || !accounts || account === undefined) return false;
    const queue = accounts.get(account) ?? [];
    const start = queue.shift();
    if (queue.length === 0) accounts.delete(account);
    if (accounts.size === 0) clients.delete(client);
    const left = (waitingOf.get(client) ?? 1) - 1;
    if (left > 0) waitingOf.set(client, left);
    else waitingOf.delete(client);
    waitingTotal--;
    markServed({ client, account });
    start?.();
    return true;
  };

  const wait = (turn: Turn) =>
    new Promise<void>((resolve) => {
      const accounts = clients.get(turn.client) ?? new Map<string, (() => void)[]>();
      const queue = accounts.get(turn.account) ?? [];
      queue.push(resolve);
      accounts.set(turn.account, queue);
      clients.set(turn.client, accounts);
      waitingOf.set(turn.client, (waitingOf.get(turn.client) ?? 0) + 1);
      waitingTotal++;
    });

  return {
    async run<T>(turn: Turn, work: () => Promise<T>): Promise<T> {
      if (running >= opts.running) {
        const ofClient = waitingOf.get(turn.client) ?? 0;
        const ofAccount = clients.get(turn.client)?.get(turn.account)?.length ?? 0;
        if (
          waitingTotal >= opts.total ||
          ofClient >= opts.perClient ||
          ofAccount >= opts.perAccount
        ) {
          throw new SlotsBusyError();
        }
        await wait(turn);
      } else {
        running++;
        markServed(turn);
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in the round, or is given back.
        if (!startNext()) running--;
      }
    },
    /** Work running and waiting, for tests and metrics. */
    load: () => ({ running, waiting: waitingTotal }),
  };
}
