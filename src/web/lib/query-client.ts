import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/**
 * Spec section 9: no refetch interval, no refetch on window focus, data never goes stale,
 * no retries for queries or mutations. Screens refresh data by invalidating keys after a change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
