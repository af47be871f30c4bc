import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListUsersParams } from '@/api/users';
import { collectMatchingUids } from './collect-matching';

type CollectState =
  | { phase: 'idle' }
  | { phase: 'collecting'; collected: number; total: number }
  | { phase: 'failed'; error: unknown };

/** "Select all N matching": fetches every matching uid with progress, cancellable. */
export function useCollectMatching(onCollected: (uids: string[]) => void) {
  const [state, setState] = useState<CollectState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (filters: ListUsersParams, expectedTotal: number) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'collecting', collected: 0, total: expectedTotal });
      const progress = (collected: number, total: number) => {
        if (!abort.signal.aborted) setState({ phase: 'collecting', collected, total });
      };
      collectMatchingUids(filters, progress, abort.signal).then(
        (uids) => {
          if (abort.signal.aborted) return;
          onCollected(uids);
          setState({ phase: 'idle' });
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          // Stop the pages still in flight: a partial "all" is not selected.
          abort.abort();
          setState({ phase: 'failed', error });
        },
      );
    },
    [onCollected],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
