import { useQueryClient } from '@tanstack/react-query';
import { useSingleMutation } from '@/hooks/use-single-mutation';
import { deleteMessage } from '@/api/messages';
import { messageQueries } from '@/api/queries/messages';
import { reactionQueries } from '@/api/queries/reactions';
import { addReaction, removeReaction, type OnBehalfOf } from '@/api/reactions';
import type { Message } from '@/api/schemas/message';

export function useDeleteMessage(messageId: string) {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ permanent }: { permanent: boolean }) => deleteMessage(messageId, { permanent }),
    onSuccess: async (_result, { permanent }) => {
      if (permanent) {
        client.removeQueries({ queryKey: messageQueries.detail(messageId).queryKey });
        client.removeQueries({ queryKey: reactionQueries.ofMessage(messageId) });
      }
      await client.invalidateQueries({ queryKey: messageQueries.all() });
    },
  });
}

export type ReactionAction = 'add' | 'remove';

export interface ReactOnBehalfInput {
  action: ReactionAction;
  reaction: string;
  actor: OnBehalfOf;
}

/**
 * Adds or removes a reaction as another user. The service answers with the message and its new
 * summary, which replaces the cached one; reaction lists restart from their first page, because a
 * refetch of every loaded page of a 100,000-record list would cost a thousand requests.
 */
export function useReactOnBehalf(messageId: string) {
  const client = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ action, reaction, actor }: ReactOnBehalfInput) =>
      action === 'add'
        ? addReaction(messageId, reaction, actor)
        : removeReaction(messageId, reaction, actor),
    onSuccess: (message: Message | undefined) => {
      if (message) {
        // `reactedByMe` describes the acting user, not the operator: drop it from the shared summary.
        const reactions = message.data.reactions?.map(({ reaction, count }) => ({
          reaction,
          count,
        }));
        client.setQueryData(messageQueries.detail(messageId).queryKey, {
          ...message,
          data: { ...message.data, reactions },
        });
      } else {
        void client.invalidateQueries({ queryKey: messageQueries.detail(messageId).queryKey });
      }
      // The summary is already current; the lists reload in the background while the dialog closes.
      void client.resetQueries({ queryKey: reactionQueries.ofMessage(messageId) });
      void client.invalidateQueries({ queryKey: messageQueries.lists() });
    },
  });
}
