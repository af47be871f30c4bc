import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { describeError } from '@/api/errors';
import { operatorQueries } from '@/api/queries/operators';
import type { Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';
import { useNotify } from '@/components/notifier';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { useChangeOperatorRole } from './mutations';
import { operatorsTable } from './operators-columns';
import { roleLabels } from './role-labels';

/** The operator accounts (one list, never paged), with role changes saved as they are picked. */
export function OperatorsList({
  self,
  onRemove,
}: {
  self: string | undefined;
  onRemove: (operator: Operator) => void;
}) {
  const operators = useQuery(operatorQueries.list());
  const changeRole = useChangeOperatorRole();
  const { mutate } = changeRole;
  const notify = useNotify();
  const pendingRole = changeRole.isPending ? changeRole.variables.username : undefined;
  const spec = useMemo(() => {
    const onRoleChange = (operator: Operator, role: OperatorRole) =>
      mutate(
        { username: operator.username, role },
        {
          onSuccess: (updated) => notify(`${updated.username} is now ${roleLabels[updated.role]}.`),
          onError: (error) =>
            notify(`Role of ${operator.username} not changed: ${describeError(error)}`, 'error'),
        },
      );
    return operatorsTable({ self, pendingRole, onRoleChange, onRemove });
  }, [self, pendingRole, mutate, notify, onRemove]);

  return (
    <PagedTable
      spec={spec}
      query={operators}
      empty={<EmptyState title="No operators" icon={<GroupOffOutlined />} />}
    />
  );
}
