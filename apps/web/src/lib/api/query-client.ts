import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retry once, and only when no answer came back (a 4xx or 5xx answer will not change). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return (
    isApiError(error) && (error.resCode === 'NETWORK_ERROR' || error.resCode === 'TIMEOUT_EXCEEDED')
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single cache. Query keys that start with 'member' hold the signed-in member's data. */
export const queryClient = createQueryClient();

export const memberKeys = {
  all: ['member'] as const,
  userCheck: (userId: number) => ['member', 'user-check', userId] as const,
};
