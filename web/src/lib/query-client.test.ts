import { ApiError } from './api-error.ts';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('createQueryClient', () => {
  it('keeps data fresh 2 minutes and cached 30, retrying only 429/503, without focus refetch or polling', () => {
    const client = createQueryClient();
    const queries = client.getDefaultOptions().queries;
    expect(queries).toMatchObject({
      staleTime: 2 * MINUTE,
      gcTime: 30 * MINUTE,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    const retry = queries?.retry as (failures: number, error: Error) => boolean;
    expect(retry(0, new ApiError(429, ''))).toBe(true);
    expect(retry(0, new ApiError(500, ''))).toBe(false);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('has no default fetcher: every query names its own from the contract', () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBeUndefined();
  });

  it.each([
    [['/api/direct-messages', 'conversations'], 30 * SECOND, 10 * MINUTE, true],
    [['/api/auth', 'user'], 1 * MINUTE, 5 * MINUTE, true],
    [['/api/users', 'online'], 5 * MINUTE, 30 * MINUTE, false],
    [['/api/discussions'], 1 * MINUTE, 15 * MINUTE, true],
    [['/api/projects'], 3 * MINUTE, 30 * MINUTE, false],
    [['/api/notifications'], 30 * SECOND, 10 * MINUTE, true],
  ])('applies the cache policy of %j', (queryKey, staleTime, gcTime, refetchOnWindowFocus) => {
    expect(createQueryClient().getQueryDefaults(queryKey)).toMatchObject({ staleTime, gcTime, refetchOnWindowFocus });
  });

  it('leaves other resources on the defaults', () => {
    expect(createQueryClient().getQueryDefaults(['/api/messages'])).toEqual({});
  });
});
