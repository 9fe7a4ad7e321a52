import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { BLOCKS_KEY } from './message-query-keys.ts';

export async function blockMember(userId: string): Promise<void> {
  await callRoute(dmRoutes.block, { params: { userId } });
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}
