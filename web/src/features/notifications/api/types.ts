import type { Notification } from '@crucible/proto';

/**
 * A notification links to what it is about (issue 12). The realtime service adds the field to its
 * contract on its own branch; until that is merged the link is optional here, and a notification
 * without one only marks itself read.
 */
export type LinkedNotification = Notification & { link?: string | null };
