import { queryOptions } from '@tanstack/react-query';
import { getSession, getSignInMethods } from '../auth';
import { ApiError } from '../api-error';

/** Keys and reads of the operator's own session. */
export const sessionQueries = {
  all: () => ['session'] as const,
  /** The signed-in operator, or null when signed out (401 is an answer here, not an error). */
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await getSession(signal);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    }),
  /** Password sign-in and single sign-on, as this console is set up (fixed while it runs). */
  methods: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'methods'] as const,
      queryFn: ({ signal }) => getSignInMethods(signal),
      staleTime: Infinity,
    }),
};
