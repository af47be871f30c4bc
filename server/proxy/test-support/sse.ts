import type { Harness } from './harness';

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Opens `/console/queue/events` (or `path`, e.g. the flagged list's stream) in process and reads it as a browser would: every event in order,
 * comments (heartbeats) counted, and whether the server ended the stream.
 */
export async function openEventStream(
  h: Pick<Harness, 'call'>,
  cookie: string,
  headers: Record<string, string> = {},
  path = '/console/queue/events',
) {
  const res = await h.call('GET', path, { cookie, headers });
  const events: SseEvent[] = [];
  const state = { comments: 0, ended: false };
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = async () => {
    if (!reader) return;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = frame.split('\n');
        if (lines.every((line) => line.startsWith(':'))) state.comments += 1;
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        const [event] = field('event');
        if (event) events.push({ event, id: field('id')[0], data: field('data').join('\n') });
        cut = buffer.indexOf('\n\n');
      }
      notify();
    }
    state.ended = true;
    notify();
  };
  const pumping = pump().catch(() => {
    state.ended = true;
    notify();
  });

  /** Resolves once `check` holds (checked after every chunk); rejects when the stream ends first. */
  const until = <T>(check: () => T | undefined | false): Promise<T> =>
    new Promise((resolve, reject) => {
      const test = () => {
        const found = check();
        if (found !== undefined && found !== false) {
          waiters.delete(test);
          resolve(found);
        } else if (state.ended) {
          waiters.delete(test);
          reject(new Error(`stream ended; events: ${events.map((e) => e.event).join(', ')}`));
        }
      };
      waiters.add(test);
      test();
    });

  return {
    res,
    events,
    state,
    until,
    /** The data of the latest event of a kind, parsed. */
    latest: (event: string): unknown => {
      const found = events.filter((e) => e.event === event).at(-1);
      return found ? JSON.parse(found.data) : undefined;
    },
    async close() {
      await reader?.cancel();
      await pumping;
    },
  };
}
