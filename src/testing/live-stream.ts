import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The console's event stream as the browser's EventSource would deliver it: the test sends what the
 * console server sends (jsdom has no EventSource, and the queues poll without one). `install` puts
 * it in place of EventSource for the test; unstub globals after it.
 */
export class LiveStream extends EventTarget {
  static CLOSED = 2;
  static current: LiveStream | undefined;
  readyState = 1;
  constructor() {
    super();
    LiveStream.current = this;
    queueMicrotask(() => this.dispatchEvent(new Event('open')));
  }
  close() {
    this.readyState = LiveStream.CLOSED;
  }
  static install() {
    LiveStream.current = undefined;
    vi.stubGlobal('EventSource', LiveStream);
  }
  /** Delivers one event to the open stream, and lets React finish what it set off. */
  static async send(event: string, data: unknown) {
    // eslint-disable-next-line @typescript-eslint/require-await -- act flushes what the event set off
    await act(async () => {
      LiveStream.current?.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
    });
  }
}
