import { itemId, shortName } from '../item-info';
import { ClaimNotice } from './claim-notice';
import { ConflictNotices } from './conflict-notices';
import { LiveStatus } from './live-status';
import { NewItemsButton } from './new-items-button';
import type { QueueItems } from './use-queue-items';

/** Above the list: new items to show, the live connection, someone else's claim, refused decisions. */
export function QueueNotices({ queue, mayReview }: { queue: QueueItems; mayReview: boolean }) {
  const { shownItems, liveQueue, claims, othersClaim, decided, cursor } = queue;
  const { answer, fresh, gone } = shownItems;
  return (
    <>
      <NewItemsButton
        count={fresh.length}
        more={answer !== undefined && answer.full && fresh.length === answer.pending.length}
        gone={queue.loaded.filter((item) => !queue.actionable(item)).length}
        onShow={() => {
          cursor.stepAway(gone);
          shownItems.showNew();
        }}
      />
      <LiveStatus connection={liveQueue.connection} paused={liveQueue.paused} />
      {othersClaim ? (
        <ClaimNotice
          reviewer={othersClaim.reviewer}
          itemName={shortName(othersClaim.item)}
          onTakeOver={
            mayReview
              ? () =>
                  claims.takeOver(
                    itemId(othersClaim.item),
                    shortName(othersClaim.item),
                    queue.claim.retake,
                  )
              : undefined
          }
        />
      ) : null}
      <ConflictNotices
        conflicts={queue.conflicts}
        onKeep={decided.keep}
        onOverride={decided.askOverride}
      />
    </>
  );
}
