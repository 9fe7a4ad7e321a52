import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { discussionKey } from './forum-query-keys.ts';

/** One discussion with its attachments and poll; a discussion above the member's level answers 404 like a missing one. */
export const getDiscussion = (id: string) => callRoute(forumRoutes.getDiscussion, { params: { id } });

export const discussionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: discussionKey(id),
    queryFn: () => getDiscussion(id),
  });

export function useDiscussion(id: string) {
  return useQuery(discussionQueryOptions(id));
}
