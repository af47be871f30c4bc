import { UnsupportedItems } from '@/components/unsupported-items';
import AddOutlined from '@mui/icons-material/AddOutlined';
import LabelOffOutlined from '@mui/icons-material/LabelOffOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModerationReason } from '@/api/schemas/moderation-reason';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { DeleteReasonDialog } from '@/features/moderation-reasons/delete-reason-dialog';
import { moderationReasonQueries } from '@/api/queries/moderation-reasons';
import { ReasonFormDialog } from '@/features/moderation-reasons/reason-form-dialog';
import { ReasonsTable } from '@/features/moderation-reasons/reasons-table';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; reason: ModerationReason } | null;

export default function ReasonsPage() {
  const operator = useOperator();
  const mayManage = operator.can('manageReasons');
  const reasons = useQuery(moderationReasonQueries.list());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Moderation reasons"
        subtitle="The reasons users and moderators pick when they flag a message."
        actions={
          <Tooltip title={mayManage ? '' : deniedReason('manageReasons')}>
            <span>
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                disabled={!mayManage}
                onClick={() => setDialog({ kind: 'create' })}
              >
                New reason
              </Button>
            </span>
          </Tooltip>
        }
      />
      {reasons.isPending ? (
        <LoadingState label="Loading reasons" />
      ) : reasons.isError ? (
        <ErrorState error={reasons.error} onRetry={() => void reasons.refetch()} />
      ) : reasons.data.data.length === 0 && reasons.data.unsupported.length === 0 ? (
        <EmptyState title="No moderation reasons" icon={<LabelOffOutlined />}>
          Create one so users can say why they flag a message.
        </EmptyState>
      ) : (
        <ReasonsTable
          reasons={reasons.data.data}
          readOnlyReason={deniedReason('manageReasons')}
          onEdit={mayManage ? (reason) => setDialog({ kind: 'edit', reason }) : undefined}
          onDelete={mayManage ? (reason) => setDialog({ kind: 'delete', reason }) : undefined}
        />
      )}
      {reasons.data ? <UnsupportedItems items={reasons.data.unsupported} noun="reason" /> : null}
      {dialog?.kind === 'create' ? <ReasonFormDialog onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <ReasonFormDialog reason={dialog.reason} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteReasonDialog reason={dialog.reason} onClose={close} />
      ) : null}
    </>
  );
}
