import { forumRoutes, type AccessLevel, type ForumCategory } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_TOPICS_KEY } from './admin-query-keys.ts';

export interface TopicRequest {
  title: string;
  content: string;
  category: ForumCategory;
  minAccessLevel: AccessLevel;
}

export async function createTopic(topic: TopicRequest) {
  return callRoute(forumRoutes.createDiscussion, { body: { ...topic, discussionType: 'category' } });
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_TOPICS_KEY }),
  });
}
