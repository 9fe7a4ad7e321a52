import { forumRoutes, type SubcategoryCreate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_SUBCATEGORIES_KEY } from './admin-query-keys.ts';

export async function createSubcategory(body: SubcategoryCreate) {
  return callRoute(forumRoutes.createTopic, { body });
}

export function useCreateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SUBCATEGORIES_KEY }),
  });
}
