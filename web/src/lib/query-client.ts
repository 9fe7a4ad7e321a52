import { QueryClient } from '@tanstack/react-query';
import { queryRetryDelay, retryReadsOnBackOff } from './backoff.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface CachePolicy {
  staleTime: number;
  gcTime: number;
  refetchOnWindowFocus: boolean;
}

/**
 * Freshness per resource. Query keys start with '/api/<resource>' and add the
 * rest of the path as further parts, so a policy set on the first part covers the whole resource.
 */
export const RESOURCE_CACHE_POLICIES: Record<string, CachePolicy> = {
  '/api/direct-messages': { staleTime: 30 * SECOND, gcTime: 10 * MINUTE, refetchOnWindowFocus: true },
  '/api/auth': { staleTime: 1 * MINUTE, gcTime: 5 * MINUTE, refetchOnWindowFocus: true },
  '/api/users': { staleTime: 5 * MINUTE, gcTime: 30 * MINUTE, refetchOnWindowFocus: false },
  '/api/discussions': { staleTime: 1 * MINUTE, gcTime: 15 * MINUTE, refetchOnWindowFocus: true },
  '/api/projects': { staleTime: 3 * MINUTE, gcTime: 30 * MINUTE, refetchOnWindowFocus: false },
  '/api/notifications': { staleTime: 30 * SECOND, gcTime: 10 * MINUTE, refetchOnWindowFocus: true },
};

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * MINUTE,
        gcTime: 30 * MINUTE,
        // 429 and 503 are waited out (Retry-After, else jittered backoff); other failures show at once.
        retry: retryReadsOnBackOff(),
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  for (const [resource, policy] of Object.entries(RESOURCE_CACHE_POLICIES)) {
    client.setQueryDefaults([resource], policy);
  }
  return client;
}
