import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * What realtime removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their
 * notifications, preferences, last-seen time and live-chat messages. Idempotent, so a redelivered event changes nothing.
 */
export async function purgeMember(prisma: PrismaClient, userId: string): Promise<void> {
  await prisma.$transaction([
    prisma.notification.deleteMany({ where: { userId } }),
    prisma.notificationPreference.deleteMany({ where: { userId } }),
    prisma.memberLastSeen.deleteMany({ where: { userId } }),
    prisma.chatMessage.deleteMany({ where: { senderId: userId } }),
  ]);
}
