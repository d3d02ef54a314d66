import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Refetch on window focus is disabled.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
      },
    },
  });
}
