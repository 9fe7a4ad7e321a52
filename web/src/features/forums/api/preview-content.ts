import { forumRoutes } from '@crucible/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** The draft rendered by the forum service, the same renderer that renders posted content. */
export async function previewContent(content: string): Promise<string> {
  const { contentHtml } = await callRoute(forumRoutes.previewContent, { body: { content } });
  return contentHtml;
}

/** Runs while the Preview tab is shown; the previous rendering stays until the new one arrives. */
export function useContentPreview(content: string, enabled: boolean) {
  return useQuery({
    // The whole path as one part: a preview is no discussion, so invalidating discussions leaves it be.
    queryKey: [forumRoutes.previewContent.path, content],
    queryFn: () => previewContent(content),
    enabled: enabled && content.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
