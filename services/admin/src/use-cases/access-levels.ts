import {
  ADMIN_MESSAGES,
  isCoreOrAdmin,
  type AccessLevel,
  type AccessLevelEntry,
  type AccessLevelPatch,
} from '@crucible/proto';
import { ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import { accessLevelRepository } from '../repositories/access-levels.ts';
import { recordAction } from './audit.ts';
import { inTransaction, type AdminContext } from './context.ts';

/** The six levels and what each means: no secret, so every member may read them (the console's viewing mode). */
export function listAccessLevels(ctx: AdminContext, _caller: Caller): Promise<AccessLevelEntry[]> {
  return accessLevelRepository.list(ctx.prisma);
}

/** Only the description changes, and only by an admin or a Core member. */
export async function updateAccessLevel(
  ctx: AdminContext,
  actor: Caller,
  value: AccessLevel,
  patch: AccessLevelPatch,
): Promise<AccessLevelEntry> {
  if (!isCoreOrAdmin(actor)) throw new ForbiddenError(ADMIN_MESSAGES.accessLevelEditDenied);
  return inTransaction(ctx, async (tx) => {
    const before = await accessLevelRepository.find(tx, value);
    if (!before) throw new NotFoundError(ADMIN_MESSAGES.accessLevelNotFound);
    const updated = await accessLevelRepository.setDescription(tx, value, patch.description);
    await recordAction(tx, actor, {
      actionType: 'access_level_update',
      description: `Changed the description of ${value}`,
      details: { value, from: before.description, to: patch.description },
    });
    return updated;
  });
}
