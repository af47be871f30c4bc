import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import type { Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { deniedReason } from '@/config/capabilities';
import { useOperator, useSession } from '@/features/auth/use-session';
import { AddOperatorDialog } from './add-operator-dialog';
import { OperatorsList } from './operators-list';
import { RemoveOperatorDialog } from './remove-operator-dialog';
import { RoleChangeDialog } from './role-change-dialog';
import { SessionsDialog } from './sessions-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'remove'; operator: Operator }
  | { kind: 'role'; operator: Operator; role: OperatorRole }
  | { kind: 'sessions'; operator: Operator }
  | null;

/** The console's operator accounts, for admins: add, change roles, see and revoke sessions, remove. */
export function OperatorsPage() {
  const session = useSession();
  const operator = useOperator();
  const mayManage = operator.can('manageOperators');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const onRemove = useCallback(
    (target: Operator) => setDialog({ kind: 'remove', operator: target }),
    [],
  );
  const onRoleChange = useCallback(
    (target: Operator, role: OperatorRole) => setDialog({ kind: 'role', operator: target, role }),
    [],
  );
  const onSessions = useCallback(
    (target: Operator) => setDialog({ kind: 'sessions', operator: target }),
    [],
  );
  return (
    <>
      <PageHeader
        {...pageHeadings.operators}
        actions={
          mayManage ? (
            <Button
              variant="contained"
              startIcon={<PersonAddOutlined />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add operator
            </Button>
          ) : undefined
        }
      />
      {session.isPending ? (
        <LoadingState label="Loading" />
      ) : mayManage ? (
        <OperatorsList
          self={operator.username}
          onRoleChange={onRoleChange}
          onRemove={onRemove}
          onSessions={onSessions}
        />
      ) : (
        <Alert severity="info">{deniedReason('manageOperators')}</Alert>
      )}
      {dialog?.kind === 'add' ? <AddOperatorDialog onClose={close} /> : null}
      {dialog?.kind === 'remove' ? (
        <RemoveOperatorDialog operator={dialog.operator} onClose={close} />
      ) : null}
      {dialog?.kind === 'role' ? (
        <RoleChangeDialog operator={dialog.operator} role={dialog.role} onClose={close} />
      ) : null}
      {dialog?.kind === 'sessions' ? (
        <SessionsDialog operator={dialog.operator} onClose={close} />
      ) : null}
    </>
  );
}
