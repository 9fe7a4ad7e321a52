import type { DiscussionDetail } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import { discussionKey } from './forum-query-keys.ts';

/** One discussion with its attachments and poll; a discussion above the member's level answers 404 like a missing one. */
export const getDiscussion = getQueryFn<DiscussionDetail>({ on401: 'throw' });

export const discussionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: discussionKey(id),
    queryFn: getDiscussion,
  });

export function useDiscussion(id: string) {
  return useQuery(discussionQueryOptions(id));
}
