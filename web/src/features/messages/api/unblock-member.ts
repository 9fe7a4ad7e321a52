import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { BLOCKS_KEY } from './message-query-keys.ts';

export async function unblockMember(userId: string): Promise<void> {
  await callRoute(dmRoutes.unblock, { params: { userId } });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}
