import { queryOptions } from '@tanstack/react-query';
import { checkChatService } from '../chat-service';

/** Keys and reads of the connection doctor's report on the chat service. */
export const chatServiceQueries = {
  all: () => ['chat-service'] as const,
  /** One doctor run: about twenty calls to the service, so never refetched behind the admin's back. */
  report: () =>
    queryOptions({
      queryKey: [...chatServiceQueries.all(), 'report'] as const,
      queryFn: ({ signal }) => checkChatService(signal),
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
};
