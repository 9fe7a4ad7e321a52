import type { BusEndpoint } from '@crucible/platform';
import type { RealtimeContext } from './use-cases/context.ts';
import { serveDataExport } from './use-cases/data-export.ts';
import {
  createNotifications,
  pushLiveEvents,
  readNotificationsOnRead,
  replicateMemberSettings,
  replicateUsers,
} from './use-cases/subscriptions.ts';

/**
 * What realtime takes from the bus, in the order it starts: the events it consumes (durable
 * consumer, subjects, handler) and the questions it answers. The pushes between its own instances
 * (live/hub.ts) are broadcasts the hub listens to itself.
 */
export function realtimeEvents(ctx: RealtimeContext): BusEndpoint[] {
  return [
    // auth.user.* -> names, e-mails, levels and avatars for chat and the online list
    () => replicateUsers(ctx),
    // profile.settings.updated -> who shows as online and whose e-mail each viewer reads
    () => replicateMemberSettings(ctx),
    // forum reply, mention and removal, admin warning, dm message, project task events -> notifications
    () => createNotifications(ctx),
    // dm.message.read -> the conversation's notifications read
    () => readNotificationsOnRead(ctx),
    // dm.message.*, auth.session.revoked -> live pushes to the members' sockets
    () => pushLiveEvents(ctx),
    // rpc.realtime.data-export -> the member's part of a data export
    () => serveDataExport(ctx),
  ];
}
