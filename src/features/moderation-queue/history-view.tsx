import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { DecisionsHistory } from './decisions-history';

/** What happened to blocked messages: the service's decisions, and who took them from the audit trail. */
export function HistoryView({ auditDeniedReason }: { auditDeniedReason: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const decision = params.get('decision') === 'rejected' ? 'rejected' : 'approved';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {auditDeniedReason ? (
        <Alert severity="info">
          Which operator took each decision is recorded in the audit trail. {auditDeniedReason}
        </Alert>
      ) : null}
      <DecisionsHistory
        decision={decision}
        onDecisionChange={(next) => {
          const nextParams = new URLSearchParams(params);
          nextParams.set('decision', next);
          setParams(nextParams);
        }}
      />
    </Box>
  );
}
