import { LIMITS, type UserSummary } from '@crucible/proto';
import { userRepository } from '../repositories/users.ts';
import type { AuthContext } from './context.ts';
import { toUserSummary } from './user-views.ts';

export async function searchUsers(ctx: AuthContext, text: string): Promise<UserSummary[]> {
  return (await userRepository.search(ctx.prisma, text, LIMITS.userSearch.maxResults)).map(toUserSummary);
}

export async function countUsers(ctx: AuthContext): Promise<{ count: number }> {
  return { count: await userRepository.count(ctx.prisma) };
}

/** Assignable users for projects are the Core members. */
export async function listCoreUsers(ctx: AuthContext): Promise<UserSummary[]> {
  return (await userRepository.listByAccessLevel(ctx.prisma, 'Core')).map(toUserSummary);
}
