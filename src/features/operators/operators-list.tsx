import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '@/api/errors';
import type { Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';
import { useNotify } from '@/components/notifier';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useChangeOperatorRole } from './mutations';
import { OperatorsTable } from './operators-table';
import { operatorQueries } from '@/api/queries/operators';
import { roleLabels } from './role-labels';

/** The operator accounts, with role changes saved as they are picked. */
export function OperatorsList({
  self,
  onRemove,
}: {
  self: string | undefined;
  onRemove: (operator: Operator) => void;
}) {
  const operators = useQuery(operatorQueries.list());
  const changeRole = useChangeOperatorRole();
  const notify = useNotify();
  const onRoleChange = (operator: Operator, role: OperatorRole) =>
    changeRole.mutate(
      { username: operator.username, role },
      {
        onSuccess: (updated) => notify(`${updated.username} is now ${roleLabels[updated.role]}.`),
        onError: (error) =>
          notify(`Role of ${operator.username} not changed: ${describeError(error)}`, 'error'),
      },
    );

  if (operators.isPending) return <LoadingState label="Loading operators" />;
  if (operators.isError)
    return <ErrorState error={operators.error} onRetry={() => void operators.refetch()} />;
  if (operators.data.length === 0)
    return <EmptyState title="No operators" icon={<GroupOffOutlined />} />;
  return (
    <OperatorsTable
      operators={operators.data}
      self={self}
      pendingRole={changeRole.isPending ? changeRole.variables.username : undefined}
      onRoleChange={onRoleChange}
      onRemove={onRemove}
    />
  );
}
