import { ForbiddenError, type Caller } from '@crucible/platform';
import { PROFILE_MESSAGES, type PrivacyPatch, type PrivacySettings } from '@crucible/proto';
import { privacy } from '../repositories/privacy.ts';
import { profileOwner } from './access.ts';
import { inTransaction, type ProfileContext } from './context.ts';

/**
 * PATCH /api/users/{id}/privacy: the owner's own choice (an admin may read, not decide). Analytics
 * stay Core whatever is sent; what other services enforce (the two switches and the
 * contact-information tier, which every payload naming the member applies to their e-mail) is announced.
 */
export async function patchPrivacy(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  patch: PrivacyPatch,
): Promise<PrivacySettings> {
  if (caller.userId !== ownerId) throw new ForbiddenError(PROFILE_MESSAGES.notYourProfile);
  await profileOwner(ctx, ctx.prisma, ownerId);
  return inTransaction(ctx, async (tx, emit) => {
    const before = await privacy.find(tx, ownerId);
    const after: PrivacySettings = { ...before, ...patch, analyticsVisible: 'Core' };
    await privacy.save(tx, ownerId, after);
    if (
      before.allowDirectMessages !== after.allowDirectMessages ||
      before.showOnlineStatus !== after.showOnlineStatus ||
      before.contactInfoVisible !== after.contactInfoVisible
    )
      await emit('profile.settings.updated', {
        userId: ownerId,
        allowDirectMessages: after.allowDirectMessages,
        showOnlineStatus: after.showOnlineStatus,
        contactInfoVisible: after.contactInfoVisible,
      });
    return after;
  });
}
