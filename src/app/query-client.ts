import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import { auditQueries } from '@/api/queries/audit';
import { sessionQueries } from '@/api/queries/session';
import { retryDelayFor, shouldRetryQuery } from '@/api/retry-policy';

export interface QueryClientOptions {
  /**
   * `false` shows a network failure or 5xx at once instead of trying again (tests, where the answer
   * is staged); a 429 is still waited out as the server asks.
   */
  retryTransient?: boolean;
}

/**
 * The console's query client: reads follow the one retry policy (`@/api/retry-policy`), a 401 re-reads
 * the session (once signed in on the page, the transport holds a 401 for a sign-in in place instead:
 * `@/api/session-gate`), and every write refreshes the audit trail.
 */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const transient = options.retryTransient !== false;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 anywhere means the session ended: re-read it so the shell sends the operator to sign in.
      onError: (error, query) => {
        const [resource] = sessionQueries.all();
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== resource) {
          void client.invalidateQueries({ queryKey: sessionQueries.all() });
        }
        // Refused until the password is changed: re-read the session, so the shell asks for one.
        if (error instanceof ApiError && error.code === 'CONSOLE_PASSWORD_CHANGE_REQUIRED') {
          void client.invalidateQueries({ queryKey: sessionQueries.all() });
        }
      },
    }),
    mutationCache: new MutationCache({
      // The console server writes an audit row for every write it receives, done, failed or refused,
      // and a write that failed on the way back may still have been applied: after any settled
      // mutation the audit page, home's recent actions and the queue's history read again. Not
      // awaited, so no mutation waits for the audit trail to reload.
      onSettled: () => {
        void client.invalidateQueries({ queryKey: auditQueries.all() });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => shouldRetryQuery(failureCount, error, { transient }),
        retryDelay: (_failureCount, error) => retryDelayFor(error),
      },
      mutations: { retry: false },
    },
  });
  return client;
}
