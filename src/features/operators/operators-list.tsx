import GroupOffOutlined from '@mui/icons-material/GroupOffOutlined';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { operatorQueries } from '@/api/queries/operators';
import type { Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';
import { PagedTable } from '@/components/paged-table';
import { EmptyState } from '@/components/states';
import { operatorsTable } from './operators-columns';

/** The operator accounts (one list, never paged); role changes, sessions and removal open dialogs. */
export function OperatorsList({
  self,
  onRoleChange,
  onRemove,
  onSessions,
}: {
  self: string | undefined;
  onRoleChange: (operator: Operator, role: OperatorRole) => void;
  onRemove: (operator: Operator) => void;
  onSessions: (operator: Operator) => void;
}) {
  const operators = useQuery(operatorQueries.list());
  const spec = useMemo(
    () => operatorsTable({ self, onRoleChange, onRemove, onSessions }),
    [self, onRoleChange, onRemove, onSessions],
  );
  return (
    <PagedTable
      spec={spec}
      query={operators}
      empty={<EmptyState title="No operators" icon={<GroupOffOutlined />} />}
    />
  );
}
