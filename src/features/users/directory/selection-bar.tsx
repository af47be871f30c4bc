import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { memo, useCallback, type ReactNode } from 'react';
import { Hint } from '@/components/hint';
import { describeError } from '@/api/errors';
import type { ListUsersParams } from '@/api/users';
import { deniedReason } from '@/config/capabilities';
import { formatCount } from '@/utils/format';
import type { BulkAction } from '../bulk/bulk-batches';
import { useCollectMatching } from '../bulk/use-collect-matching';
import type { UidSelection } from './use-uid-selection';

function Guarded({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return (
    <Hint title={allowed ? '' : deniedReason('manageUserAccounts')}>
      <span>{children}</span>
    </Hint>
  );
}

interface Props {
  mayManage: boolean;
  selection: UidSelection;
  /** How many users match the current filters, and the filters themselves, for "Select all matching". */
  matching: number;
  filters: ListUsersParams;
  onAction: (action: BulkAction) => void;
  onEnterUids: () => void;
}

/** The selection (kept across pages), "Select all N matching" and the bulk actions. Memoised: paging leaves it alone. */
export const SelectionBar = memo(function SelectionBar({
  mayManage,
  selection,
  matching,
  filters,
  onAction,
  onEnterUids,
}: Props) {
  const { setMany } = selection;
  const collect = useCollectMatching(
    useCallback((uids: string[]) => setMany(uids, true), [setMany]),
  );
  const collecting = collect.state.phase === 'collecting' ? collect.state : null;
  const none = selection.size === 0;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ mr: 1 }} aria-live="polite">
          {mayManage ? `${formatCount(selection.size)} selected` : 'Bulk actions'}
        </Typography>
        {mayManage && matching > 0 && !collecting ? (
          <Button size="small" onClick={() => collect.start(filters, matching)}>
            Select all {formatCount(matching)} matching
          </Button>
        ) : null}
        {mayManage && !none ? (
          <Button size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        ) : null}
        <Box sx={{ flex: '1 1 auto' }} />
        <Guarded allowed={mayManage}>
          <Button variant="outlined" disabled={!mayManage} onClick={onEnterUids}>
            Enter uids…
          </Button>
        </Guarded>
        <Guarded allowed={mayManage}>
          <Button
            variant="outlined"
            disabled={!mayManage || none || collecting !== null}
            onClick={() => onAction('reactivate')}
          >
            Reactivate selected
          </Button>
        </Guarded>
        <Guarded allowed={mayManage}>
          <Button
            variant="outlined"
            color="error"
            disabled={!mayManage || none || collecting !== null}
            onClick={() => onAction('deactivate')}
          >
            Deactivate selected
          </Button>
        </Guarded>
      </Box>
      {collecting ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={collecting.total === 0 ? 100 : (collecting.collected / collecting.total) * 100}
            aria-label="Collecting matching uids"
            sx={{ flex: '1 1 auto' }}
          />
          <Typography variant="body2" role="status">
            Collecting uids: {formatCount(collecting.collected)} of {formatCount(collecting.total)}
          </Typography>
          <Button size="small" onClick={collect.cancel}>
            Stop
          </Button>
        </Box>
      ) : null}
      {collect.state.phase === 'failed' ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Could not collect every matching uid. {describeError(collect.state.error)}
        </Alert>
      ) : null}
    </Box>
  );
});
