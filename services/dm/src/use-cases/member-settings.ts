import { SUBJECTS } from '@crucible/proto';
import { subscribeIdempotent, type EventBus, type Subscription } from '@crucible/platform';
import { memberSettingsRepository } from '../repositories/member-settings.ts';
import { DM_SCHEMA, type DmContext } from './context.ts';

/**
 * Keeps each member's Direct Messages switch and contact-information tier from profile's
 * profile.settings.updated, through the
 * idempotent consumer (a redelivered event is applied once; an older one never wins).
 */
export function replicateMemberSettings(ctx: DmContext, bus: EventBus, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus,
    durable,
    subjects: [SUBJECTS.profileSettingsUpdated],
    schema: DM_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction(work),
    handler: async (event, tx) => {
      await memberSettingsRepository.apply(
        tx,
        event.payload.userId.toLowerCase(),
        {
          allowDirectMessages: event.payload.allowDirectMessages,
          contactInfoVisible: event.payload.contactInfoVisible,
        },
        event.occurredAt,
      );
    },
  });
}
