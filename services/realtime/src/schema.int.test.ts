/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/test-kit';
import { REALTIME_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

const migrated = useMigratedDatabase({
  prefix: 'realtime_schema',
  schema: 'realtime',
  migrationsDir: REALTIME_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await migrated.database.migrate();
  const { prisma } = migrated;
  const [ada, grace] = [randomUUID(), randomUUID()];
  expect(await prisma.user.create({ data: { id: ada, email: 'ada@example.org', firstName: 'Ada' } })).toMatchObject({
    lastName: null,
    profileImageUrl: null,
    accessLevel: 'Public',
  });
  await prisma.chatMessage.create({
    data: { id: randomUUID(), content: 'Hello', senderId: ada, idempotencyKey: 'k1' },
  });
  // One message per sender and key; messages without a key are not limited.
  await expect(
    prisma.chatMessage.create({ data: { id: randomUUID(), content: 'Again', senderId: ada, idempotencyKey: 'k1' } }),
  ).rejects.toThrow();
  await prisma.chatMessage.createMany({
    data: [
      { id: randomUUID(), content: 'One', senderId: ada },
      { id: randomUUID(), content: 'Two', senderId: ada },
    ],
  });
  expect(await prisma.chatMessage.count({ where: { senderId: ada } })).toBe(3);

  const notification = await prisma.notification.create({
    data: {
      id: randomUUID(),
      userId: grace,
      type: 'direct_message',
      title: 'New message',
      message: 'Hello',
      fromUserId: ada,
      sourceEventId: randomUUID(),
      groupKey: `dm:${ada}`,
    },
  });
  expect(notification).toMatchObject({ isRead: false, readAt: null, metadata: {}, itemCount: 1, projectId: null });
  await expect(
    prisma.notification.create({
      data: { id: randomUUID(), userId: grace, type: 'unknown', title: 't', message: 'm', sourceEventId: randomUUID() },
    }),
  ).rejects.toThrow();
  await prisma.notificationSource.create({
    data: { sourceEventId: notification.sourceEventId, userId: grace, notificationId: notification.id, itemCount: 1 },
  });
  expect(
    await prisma.notification.findUniqueOrThrow({ where: { id: notification.id }, include: { sources: true } }),
  ).toMatchObject({ sources: [{ itemCount: 1 }] });

  await prisma.memberSetting.create({
    data: { userId: grace, showOnlineStatus: false, contactInfoVisible: 'Master', changedAt: new Date() },
  });
  expect(await prisma.memberSetting.findUniqueOrThrow({ where: { userId: grace } })).toMatchObject({
    showOnlineStatus: false,
    contactInfoVisible: 'Master',
  });
  expect(await prisma.notificationPreference.create({ data: { userId: grace, replies: 'socket' } })).toMatchObject({
    directMessages: 'page',
    replies: 'socket',
    emailDigest: 'off',
    digestSentAt: null,
  });
  await expect(prisma.notificationPreference.create({ data: { userId: ada, mentions: 'loud' } })).rejects.toThrow();
  const seenAt = new Date('2026-01-02T03:04:05.678Z');
  await prisma.memberLastSeen.create({ data: { userId: grace, lastSeenAt: seenAt } });
  expect((await prisma.memberLastSeen.findUniqueOrThrow({ where: { userId: grace } })).lastSeenAt).toEqual(seenAt);
  await prisma.serviceSecret.create({ data: { name: 'test', value: 'secret' } });
  expect(await prisma.serviceSecret.findUniqueOrThrow({ where: { name: 'test' } })).toHaveProperty('createdAt');

  // A notification's sources go with it.
  await prisma.notification.delete({ where: { id: notification.id } });
  expect(await prisma.notificationSource.count()).toBe(0);
});
