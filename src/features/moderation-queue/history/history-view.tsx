import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { useListState } from '@/utils/use-list-state';
import { AuditHistory } from './audit-history';
import { operatorActionParams } from './audit-filters';
import { DecisionsHistory } from './decisions-history';
import { FlagDecisions } from './flag-decisions';

/**
 * What happened to blocked and flagged messages: the service's decisions, and who took them from the
 * audit trail.
 */
export function HistoryView({ canReadAudit }: { canReadAudit: boolean }) {
  const [params, setParams] = useSearchParams();
  const actions = useListState(operatorActionParams);
  const decision = params.get('decision') === 'rejected' ? 'rejected' : 'approved';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {canReadAudit ? (
        <AuditHistory filters={actions.state} onChange={actions.update} />
      ) : (
        <Alert severity="info">
          Who took each decision is recorded in the audit trail, which only admins and moderators
          can read.
        </Alert>
      )}
      <DecisionsHistory
        decision={decision}
        onDecisionChange={(next) => {
          const nextParams = new URLSearchParams(params);
          nextParams.set('decision', next);
          setParams(nextParams);
        }}
      />
      <FlagDecisions canReadAudit={canReadAudit} />
    </Box>
  );
}
