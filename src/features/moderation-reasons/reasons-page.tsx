import AddOutlined from '@mui/icons-material/AddOutlined';
import LabelOffOutlined from '@mui/icons-material/LabelOffOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Hint } from '@/components/hint';
import { moderationReasonQueries } from '@/api/queries/moderation-reasons';
import type { ModerationReason } from '@/api/schemas/moderation-reason';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { DeleteReasonDialog } from './delete-reason-dialog';
import { ReasonFormDialog } from './reason-form-dialog';
import { reasonsTable } from './reasons-columns';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; reason: ModerationReason } | null;

/** The moderation reasons (one list, the service does not page it), with create, edit and delete. */
export function ReasonsPage() {
  const operator = useOperator();
  const mayManage = operator.can('manageReasons');
  const reasons = useQuery(moderationReasonQueries.list());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const spec = useMemo(
    () =>
      reasonsTable({
        readOnlyReason: deniedReason('manageReasons'),
        onEdit: mayManage ? (reason) => setDialog({ kind: 'edit', reason }) : undefined,
        onDelete: mayManage ? (reason) => setDialog({ kind: 'delete', reason }) : undefined,
      }),
    [mayManage],
  );

  return (
    <>
      <PageHeader
        {...pageHeadings.reasons}
        actions={
          <Hint title={mayManage ? '' : deniedReason('manageReasons')}>
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
          </Hint>
        }
      />
      <PagedTable
        spec={spec}
        query={reasons}
        empty={
          <EmptyState title="No moderation reasons" icon={<LabelOffOutlined />}>
            Create one so users can say why they flag a message.
          </EmptyState>
        }
      />
      {dialog?.kind === 'create' ? <ReasonFormDialog onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <ReasonFormDialog reason={dialog.reason} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteReasonDialog reason={dialog.reason} onClose={close} />
      ) : null}
    </>
  );
}
