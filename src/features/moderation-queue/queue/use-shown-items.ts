import { useCallback, useMemo, useState } from 'react';
import type { BlockedMessage, BlockedMessageListResponse } from '@/api/schemas/blocked-message';
import { itemId } from '../item-info';
import { compareWithAnswer, readAnswer, showNew } from './queue-answer';

const nothing: { fresh: BlockedMessage[]; gone: ReadonlySet<string> } = {
  fresh: [],
  gone: new Set(),
};

/**
 * The items the queue shows, pinned to the first answer fetched after the page mounted; later answers
 * (polls) only say what is new (`fresh`, behind "N new") and what left (`gone`) until the moderator
 * asks for them with `showNew`, or `drop` takes the ones that left out (see useLeavingItems).
 */
export function useShownItems(
  response: BlockedMessageListResponse | undefined,
  fetchedAfterMount: boolean,
) {
  const answer = useMemo(() => (response ? readAnswer(response) : undefined), [response]);
  const [pinned, setPinned] = useState<readonly BlockedMessage[]>();
  // Pinned once, during render, from the first answer of this visit (a cached one may be stale).
  if (pinned === undefined && answer && fetchedAfterMount) setPinned(answer.pending);
  const shown = useMemo(() => pinned ?? answer?.pending ?? [], [pinned, answer]);
  const { fresh, gone } = useMemo(
    () => (answer ? compareWithAnswer(shown, answer) : nothing),
    [shown, answer],
  );
  const drop = useCallback(
    (ids: ReadonlySet<string>) =>
      setPinned((items) => items?.filter((item) => !ids.has(itemId(item)))),
    [],
  );
  return {
    answer,
    drop,
    shown,
    fresh,
    gone,
    showNew: () => {
      if (answer) setPinned(showNew(shown, answer, gone));
    },
  };
}
