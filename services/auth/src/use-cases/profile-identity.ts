import { SUBJECTS, type EventOf } from '@crucible/proto';
import { enqueueEvent, newEvent, subscribeIdempotent, type EventBus, type Subscription } from '@crucible/platform';
import type { Prisma } from '../generated/prisma/client.ts';
import { userRepository } from '../repositories/users.ts';
import { AUTH_SCHEMA, type AuthContext } from './context.ts';
import { toUserEventPayload } from './user-views.ts';

/**
 * Names and the picture are auth's, but members change them on their profile: the profile service
 * announces the change, and auth applies it and announces the user as every replica knows it, in
 * one transaction with the event's dedupe record (a redelivery changes nothing twice).
 */
async function applyIdentityChange(
  ctx: AuthContext,
  event: EventOf<typeof SUBJECTS.profileIdentityChanged>,
  tx: Prisma.TransactionClient,
): Promise<void> {
  const { userId, ...change } = event.payload;
  if (!(await userRepository.findById(tx, userId))) return;
  const user = await userRepository.update(tx, userId, change);
  await enqueueEvent(tx, AUTH_SCHEMA, newEvent(SUBJECTS.userUpdated, toUserEventPayload(user)));
}

/**
 * The contact-information tier stays profile's: auth keeps a copy so the directory shows (and matches
 * on) a member's e-mail only for viewers the member allows. An event without it leaves the copy as is.
 */
async function applySettingsChange(
  event: EventOf<typeof SUBJECTS.profileSettingsUpdated>,
  tx: Prisma.TransactionClient,
): Promise<void> {
  const { userId, contactInfoVisible } = event.payload;
  if (!contactInfoVisible) return;
  await userRepository.applyContactTier(tx, userId.toLowerCase(), contactInfoVisible, new Date(event.occurredAt));
}

export function applyProfileIdentityChanges(ctx: AuthContext, bus: EventBus, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus,
    durable,
    subjects: [SUBJECTS.profileIdentityChanged, SUBJECTS.profileSettingsUpdated],
    schema: AUTH_SCHEMA,
    logger: ctx.logger,
    runInTransaction: async <T>(work: (tx: Prisma.TransactionClient) => Promise<T>) => {
      const result = await ctx.prisma.$transaction(work);
      // The user event was written with the change: send it now rather than at the relay's next poll.
      ctx.relay.kick();
      return result;
    },
    handler: (event, tx) =>
      event.subject === SUBJECTS.profileSettingsUpdated
        ? applySettingsChange(event, tx)
        : applyIdentityChange(ctx, event as EventOf<typeof SUBJECTS.profileIdentityChanged>, tx),
  });
}
