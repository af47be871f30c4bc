import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queueEventsUrl } from '@/api/live-queue';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { queueClaimQueries } from '@/api/queries/queue-claims';
import { sessionQueries } from '@/api/queries/session';
import type { GoneItem } from '@/api/schemas/live-queue';
import {
  readClaimsEvent,
  readEndEvent,
  readQueueEvent,
  readStatusEvent,
  withDecisions,
  withNotes,
} from './live-events';
import type { DecidedElsewhere } from './decided-elsewhere';

/**
 * `live`: events flow; `connecting`/`reconnecting`: the browser is (re)opening the stream after a
 * network loss; `unavailable`: no stream (refused, or no EventSource): the queue polls instead.
 */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

/**
 * Which list a stream follows: its URL, and how a `queue` event goes into that list's query (the
 * items that left, or undefined when the event could not be read).
 */
export interface LiveFeed {
  url: string;
  put: (queryClient: QueryClient, data: string) => readonly GoneItem[] | undefined;
}

/** The blocked list's stream. */
const blockedFeed: LiveFeed = {
  url: queueEventsUrl,
  put: (queryClient, data) => {
    const read = readQueueEvent(data);
    if (read) queryClient.setQueryData(blockedMessageQueries.list().queryKey, read.list);
    return read?.removed;
  },
};

/** A stream the server refused is tried again after this long; meanwhile the queue polls. */
const retryUnavailableMs = 30_000;

/**
 * One event stream per tab while the queue is open: the console server's polls of the list (the
 * blocked one unless `feed` says otherwise) go into the list query (the queue's pinning decides what
 * moves), claims into the claims query, notes and decisions of items decided elsewhere and the
 * poller's pauses into state. `feed` must be a constant: a new one opens a new stream.
 */
export function useLiveQueue(feed: LiveFeed = blockedFeed) {
  const queryClient = useQueryClient();
  const supported = typeof EventSource !== 'undefined';
  const [connection, setConnection] = useState<LiveConnection>(
    supported ? 'connecting' : 'unavailable',
  );
  const [paused, setPaused] = useState<string | null>(null);
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [decisions, setDecisions] = useState<ReadonlyMap<string, DecidedElsewhere>>(
    () => new Map(),
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!supported) return;
    const source = new EventSource(feed.url);
    let opened = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      source.close();
      setConnection('unavailable');
      retry = setTimeout(() => setAttempt((n) => n + 1), retryUnavailableMs);
    };
    source.addEventListener('open', () => {
      opened = true;
      setConnection('live');
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) giveUp();
      else setConnection(opened ? 'reconnecting' : 'connecting');
    });
    source.addEventListener('queue', (event) => {
      const removed = feed.put(queryClient, String(event.data));
      if (!removed) return;
      setNotes((current) => withNotes(current, removed));
      setDecisions((current) => withDecisions(current, removed));
    });
    source.addEventListener('claims', (event) => {
      const claims = readClaimsEvent(String(event.data));
      if (!claims) return;
      queryClient.setQueryData(queueClaimQueries.list().queryKey, (old) => ({
        data: claims,
        claimSeconds: old?.claimSeconds ?? 300,
      }));
    });
    source.addEventListener('status', (event) => {
      const status = readStatusEvent(String(event.data));
      if (status !== undefined) setPaused(status);
    });
    source.addEventListener('end', (event) => {
      source.close();
      setConnection('unavailable');
      // Signed out elsewhere: the next read of the session takes the tab to sign-in.
      if (readEndEvent(String(event.data)) === 'signed-out')
        void queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      else retry = setTimeout(() => setAttempt((n) => n + 1), retryUnavailableMs);
    });
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [queryClient, supported, attempt, feed]);

  return { connection, paused: connection === 'live' ? paused : null, notes, decisions };
}
