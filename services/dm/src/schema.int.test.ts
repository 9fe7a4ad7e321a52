/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/test-kit';
import { DM_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

const migrated = useMigratedDatabase({
  prefix: 'dm_schema',
  schema: 'dm',
  migrationsDir: DM_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await migrated.database.migrate();
  const [ada, grace] = [randomUUID(), randomUUID()];
  await migrated.prisma.user.create({
    data: {
      id: ada,
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      preferredName: 'Ada',
      accessLevel: 'Master',
    },
  });
  const message = await migrated.prisma.directMessage.create({
    data: { id: randomUUID(), content: 'Hello', senderId: ada, recipientId: grace, messageSizeBytes: 5 },
  });
  expect(message).toMatchObject({
    isRead: false,
    isDeletedBySender: false,
    isDeletedByRecipient: false,
    isDeletedByAdmin: false,
    readAt: null,
  });
  expect([message.pairLow, message.pairHigh]).toEqual([ada, grace].sort());
  await migrated.prisma.messageQuota.create({ data: { userId: ada, usedBytes: 5n } });
  await migrated.prisma.conversationQuota.create({
    data: {
      userId: ada,
      otherUserId: grace,
      usedBytes: 5n,
      messageCount: 1,
      lastMessageAt: message.createdAt,
      lastMessageId: message.id,
      lastMessagePreview: 'Hello',
      lastMessageCreatedAt: message.createdAt,
    },
  });
  await migrated.prisma.block.create({ data: { blockerId: grace, blockedId: ada } });
  await migrated.prisma.memberSetting.create({
    data: { userId: grace, allowDirectMessages: false, changedAt: new Date() },
  });
  expect(
    (await migrated.prisma.memberSetting.findUniqueOrThrow({ where: { userId: grace } })).allowDirectMessages,
  ).toBe(false);

  expect(await migrated.prisma.messageQuota.findUniqueOrThrow({ where: { userId: ada } })).toMatchObject({
    usedBytes: 5n,
    maxBytes: 1048576n,
    warningThreshold: 838860n,
  });
  expect(
    await migrated.prisma.conversationQuota.findUniqueOrThrow({
      where: { userId_otherUserId: { userId: ada, otherUserId: grace } },
    }),
  ).toMatchObject({ unreadCount: 0, messageCount: 1 });
  expect(await migrated.prisma.block.count({ where: { blockedId: ada } })).toBe(1);
  await migrated.prisma.formerMember.create({ data: { userId: grace } });
  expect(await migrated.prisma.formerMember.findUniqueOrThrow({ where: { userId: grace } })).toHaveProperty(
    'deletedAt',
  );
  expect(await migrated.prisma.user.findUniqueOrThrow({ where: { id: ada } })).toMatchObject({
    preferredName: 'Ada',
    isAdmin: false,
  });
  await expect(
    migrated.prisma.directMessage.create({
      data: { id: randomUUID(), content: 'Me', senderId: ada, recipientId: ada, messageSizeBytes: 2 },
    }),
  ).rejects.toThrow();
  await expect(migrated.prisma.block.create({ data: { blockerId: ada, blockedId: ada } })).rejects.toThrow();
});
