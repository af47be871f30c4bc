import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { blockedMessageQueries } from '@/api/queries/blocked-messages';
import { flaggedMessageQueries } from '@/api/queries/flagged-messages';
import { MessageRows, type MessageRow } from './message-rows';
import { moderationOfUser, readSummary } from './moderation-of-user';
import { OverviewSection } from './overview-section';

/** The three lists, read once (no polling here: the queue polls them while it is open). */
export const moderationListQueries = () =>
  [
    blockedMessageQueries.list({ poll: false }),
    flaggedMessageQueries.list({ poll: false }),
    blockedMessageQueries.reviewed(),
  ] as const;

function useModerationLists() {
  return useQueries({
    queries: moderationListQueries(),
    combine: ([blocked, flagged, reviewed]) => ({
      isPending: blocked.isPending || flagged.isPending || reviewed.isPending,
      isError: blocked.isError || flagged.isError || reviewed.isError,
      error: blocked.error ?? flagged.error ?? reviewed.error,
      refetch: () => Promise.all([blocked.refetch(), flagged.refetch(), reviewed.refetch()]),
      lists:
        blocked.data && flagged.data && reviewed.data
          ? { blocked: blocked.data, flagged: flagged.data, reviewed: reviewed.data }
          : undefined,
    }),
  });
}

function Part({
  title,
  rows,
  detailLabel,
  empty,
}: {
  title: string;
  rows: MessageRow[];
  detailLabel: string;
  empty: string;
}) {
  return (
    <>
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        {title} ({rows.length})
      </Typography>
      {rows.length === 0 ? (
        <Typography color="textSecondary">{empty}</Typography>
      ) : (
        <MessageRows label={title} rows={rows} detailLabel={detailLabel} />
      )}
    </>
  );
}

/** Their blocked, flagged and decided messages, and the flags they raised: two sections, one read. */
export function ModerationSections({ uid }: { uid: string }) {
  const state = useModerationLists();
  const mine = state.lists ? moderationOfUser(uid, state.lists) : undefined;
  const note = state.lists ? readSummary(state.lists) : undefined;
  return (
    <>
      <OverviewSection
        title="Blocked, flagged and reviewed"
        state={state}
        note={note}
        isEmpty={false}
        empty=""
      >
        {mine ? (
          <>
            <Part
              title="Blocked, waiting"
              rows={mine.blockedRows}
              detailLabel="Rule"
              empty={`No message of ${uid} waits in the blocked queue.`}
            />
            <Part
              title="Flagged, waiting"
              rows={mine.flaggedRows}
              detailLabel="Reports"
              empty={`No message of ${uid} waits in the flagged queue.`}
            />
            <Part
              title="Reviewed"
              rows={mine.reviewedRows}
              detailLabel="Decision"
              empty={`No decided message of ${uid} in the reviewed list.`}
            />
          </>
        ) : null}
      </OverviewSection>
      <OverviewSection
        title="Flags they raised"
        state={state}
        isEmpty={(mine?.flagsRaisedRows.length ?? 0) === 0}
        empty={`${uid} raised no flag in the flagged or reviewed lists.`}
      >
        {mine ? (
          <MessageRows
            label={`Flags raised by ${uid}`}
            rows={mine.flagsRaisedRows}
            detailLabel="Their report"
          />
        ) : null}
      </OverviewSection>
    </>
  );
}
