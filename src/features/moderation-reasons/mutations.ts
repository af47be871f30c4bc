import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import {
  createModerationReason,
  deleteModerationReason,
  updateModerationReason,
} from '@/api/moderation-reasons';
import { moderationReasonQueries } from '@/api/queries/moderation-reasons';
import type { CreateReasonBody, UpdateReasonBody } from '@/api/schemas/moderation-reason';

export function useCreateReason() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (body: CreateReasonBody) => createModerationReason(body),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationReasonQueries.all() }),
  });
}

export function useUpdateReason() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateReasonBody }) =>
      updateModerationReason(id, body),
    onSuccess: (updated) => {
      if (updated)
        client.setQueryData(
          moderationReasonQueries.list().queryKey,
          (list) =>
            list && {
              ...list,
              data: list.data.map((reason) =>
                reason.id === updated.id ? { ...reason, ...updated } : reason,
              ),
            },
        );
      return client.invalidateQueries({ queryKey: moderationReasonQueries.all() });
    },
  });
}

export function useDeleteReason() {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: (id: string) => deleteModerationReason(id),
    onSuccess: (_result, id) => {
      client.setQueryData(
        moderationReasonQueries.list().queryKey,
        (list) => list && { ...list, data: list.data.filter((reason) => reason.id !== id) },
      );
      return client.invalidateQueries({ queryKey: moderationReasonQueries.all() });
    },
  });
}
