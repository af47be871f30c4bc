import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import {
  createOperator,
  removeOperator,
  revokeOperatorSession,
  revokeOperatorSessions,
  updateOperatorRole,
} from '@/api/console';
import { operatorQueries } from '@/api/queries/operators';
import type { CreateOperatorBody, Operator } from '@/api/schemas/console';
import type { OperatorRole } from '@/api/schemas/session';

export function useCreateOperator() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (body: CreateOperatorBody) => createOperator(body),
    onSuccess: () => client.invalidateQueries({ queryKey: operatorQueries.all() }),
  });
}

export function useChangeOperatorRole() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ username, role }: { username: string; role: OperatorRole }) =>
      updateOperatorRole(username, role),
    onSuccess: (updated) => {
      client.setQueryData(operatorQueries.list().queryKey, (list: Operator[] | undefined) =>
        list?.map((operator) => (operator.username === updated.username ? updated : operator)),
      );
      return client.invalidateQueries({ queryKey: operatorQueries.all() });
    },
  });
}

export function useRemoveOperator() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (username: string) => removeOperator(username),
    onSuccess: (_result, username) => {
      client.setQueryData(operatorQueries.list().queryKey, (list: Operator[] | undefined) =>
        list?.filter((operator) => operator.username !== username),
      );
      return client.invalidateQueries({ queryKey: operatorQueries.all() });
    },
  });
}

/** Ends one session of an operator (`id`), or all of them (`id` undefined). */
export function useRevokeSessions() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ username, id }: { username: string; id?: string }) =>
      id === undefined ? revokeOperatorSessions(username) : revokeOperatorSession(username, id),
    onSuccess: () => client.invalidateQueries({ queryKey: operatorQueries.all() }),
  });
}
