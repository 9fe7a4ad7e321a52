/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, silentLogger, type Database } from '@crucible/platform';
import { createTestDatabase, type TestDatabase } from '@crucible/platform/testing';
import { DM_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

let testDatabase: TestDatabase;
let database: Database;
let prisma: PrismaClient;

beforeAll(async () => {
  testDatabase = await createTestDatabase('dm_schema');
  database = openDatabase({
    url: testDatabase.url,
    schema: 'dm',
    migrationsDir: DM_MIGRATIONS_DIR,
    logger: silentLogger,
  });
  await database.migrate();
  prisma = new PrismaClient({ adapter: database.adapter });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.close();
  await testDatabase?.drop();
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await database.migrate();
  const [ada, grace] = [randomUUID(), randomUUID()];
  await prisma.user.create({
    data: {
      id: ada,
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      preferredName: 'Ada',
      accessLevel: 'Master',
    },
  });
  const message = await prisma.directMessage.create({
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
  await prisma.messageQuota.create({ data: { userId: ada, usedBytes: 5n } });
  await prisma.conversationQuota.create({
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
  await prisma.block.create({ data: { blockerId: grace, blockedId: ada } });
  await prisma.memberSetting.create({ data: { userId: grace, allowDirectMessages: false, changedAt: new Date() } });
  expect((await prisma.memberSetting.findUniqueOrThrow({ where: { userId: grace } })).allowDirectMessages).toBe(false);

  expect(await prisma.messageQuota.findUniqueOrThrow({ where: { userId: ada } })).toMatchObject({
    usedBytes: 5n,
    maxBytes: 1048576n,
    warningThreshold: 838860n,
  });
  expect(
    await prisma.conversationQuota.findUniqueOrThrow({
      where: { userId_otherUserId: { userId: ada, otherUserId: grace } },
    }),
  ).toMatchObject({ unreadCount: 0, messageCount: 1 });
  expect(await prisma.block.count({ where: { blockedId: ada } })).toBe(1);
  expect(await prisma.user.findUniqueOrThrow({ where: { id: ada } })).toMatchObject({
    preferredName: 'Ada',
    isAdmin: false,
  });
  await expect(
    prisma.directMessage.create({
      data: { id: randomUUID(), content: 'Me', senderId: ada, recipientId: ada, messageSizeBytes: 2 },
    }),
  ).rejects.toThrow();
  await expect(prisma.block.create({ data: { blockerId: ada, blockedId: ada } })).rejects.toThrow();
});
