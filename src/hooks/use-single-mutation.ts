import {
  useMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` that runs one intent at a time: while a call is in flight, `mutate` does nothing and
 * `mutateAsync` returns the running call's promise, so a double-click, a key pressed twice or a
 * confirm pressed again sends one request and reports one outcome. The check is synchronous, so two
 * events that arrive before the page re-renders (both clicks of a double-click) cannot both start.
 */
export function useSingleMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  // eslint-disable-next-line no-restricted-syntax -- the one place that wraps it
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const start = mutation.mutateAsync;
  const mutateAsync = useCallback(
    (...args: Parameters<typeof start>) => {
      if (running.current) return running.current;
      const flight = start(...args).finally(() => {
        running.current = null;
      });
      running.current = flight;
      return flight;
    },
    [start],
  );
  const mutate = useCallback(
    (...args: Parameters<typeof start>) => {
      // The error is the mutation's state (and the callbacks'), as with `useMutation`'s own mutate.
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
