import type { BusEndpoint } from '@crucible/platform';
import { recordAuditedActions } from './use-cases/audit.ts';
import type { AdminContext } from './use-cases/context.ts';
import { keepMessageSnapshots } from './use-cases/message-snapshots.ts';
import { replicateUsers } from './use-cases/names.ts';

/**
 * What the admin service takes from the bus, in the order it starts: the events it consumes
 * (durable consumer, subjects, handler). It answers no questions; it asks dm, forum and auth
 * (use-cases/owners.ts).
 */
export function adminEvents(ctx: AdminContext): BusEndpoint[] {
  const { config } = ctx;
  return [
    // auth.user.* -> members' names
    () => replicateUsers(ctx, config.ADMIN_USERS_CONSUMER),
    // dm.message.created/edited/deleted, forum.post.reported -> what reports and the review queue show
    () => keepMessageSnapshots(ctx, config.ADMIN_MESSAGES_CONSUMER),
    // every service's admin-action events -> the audit log
    () => recordAuditedActions(ctx, config.ADMIN_AUDIT_CONSUMER),
  ];
}
