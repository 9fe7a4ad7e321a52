import { userLookupRequestSchema, type UserEventPayload } from '@crucible/proto';
import { userRepository } from '../repositories/users.ts';
import type { AuthContext } from './context.ts';
import { toUserEventPayload } from './user-views.ts';

/**
 * Answers rpc.auth.user for services whose replica lacks a user (its event not applied yet):
 * the user as user events carry it, or null when no such user exists.
 */
export async function lookUpUserForReplica(ctx: AuthContext, request: unknown): Promise<UserEventPayload | null> {
  const parsed = userLookupRequestSchema.safeParse(request);
  if (!parsed.success) return null;
  const user = await userRepository.findById(ctx.prisma, parsed.data.id);
  return user ? toUserEventPayload(user) : null;
}
