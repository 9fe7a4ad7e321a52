/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/test-kit';
import { ADMIN_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

const migrated = useMigratedDatabase({
  prefix: 'admin_schema',
  schema: 'admin',
  migrationsDir: ADMIN_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await migrated.database.migrate();
  const [sender, reporter] = [randomUUID(), randomUUID()];
  const snapshot = await migrated.prisma.messageSnapshot.create({
    data: { messageId: randomUUID(), senderId: sender, recipientId: reporter, content: 'Hi', sentAt: new Date() },
  });
  const report = await migrated.prisma.messageReport.create({
    data: {
      id: randomUUID(),
      messageId: snapshot.messageId,
      reporterId: reporter,
      reportType: 'inappropriate_content',
      schemaReportType: 'inappropriate',
    },
  });
  expect(report).toMatchObject({ isResolved: false, description: null, resolution: null });
  await expect(
    migrated.prisma.messageReport.create({
      data: {
        id: randomUUID(),
        messageId: snapshot.messageId,
        reporterId: reporter,
        reportType: 'spam',
        schemaReportType: 'spam',
      },
    }),
  ).rejects.toThrow();
  await migrated.prisma.messageReport.update({
    where: { id: report.id },
    data: {
      isResolved: true,
      resolvedBy: sender,
      resolvedAt: new Date(),
      resolution: 'No resolution notes provided',
      outcome: 'warn',
    },
  });
  await migrated.prisma.messageReport.create({
    data: {
      id: randomUUID(),
      messageId: snapshot.messageId,
      reporterId: reporter,
      reportType: 'spam',
      schemaReportType: 'spam',
    },
  });
  const loaded = await migrated.prisma.messageSnapshot.findUniqueOrThrow({
    where: { messageId: snapshot.messageId },
    include: { reports: true },
  });
  expect(loaded.reports).toHaveLength(2);

  // The console's tables.
  expect(loaded).toMatchObject({ deletedByAdmin: false, deletionReason: null });
  await migrated.prisma.user.create({
    data: { id: sender, email: 'a@example.test', firstName: 'Ada', lastName: null },
  });
  expect(await migrated.prisma.user.findUniqueOrThrow({ where: { id: sender } })).toMatchObject({ deletedAt: null });
  expect(
    (await migrated.prisma.accessLevelEntry.findMany({ orderBy: { orderIndex: 'asc' } })).map((row) => row.value),
  ).toEqual(['Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin']);
  const flag = await migrated.prisma.messageFlag.create({
    data: { id: randomUUID(), messageId: snapshot.messageId, flaggedBy: sender, reason: 'odd' },
  });
  expect(flag).toMatchObject({ status: 'pending', priority: 1, reviewNotes: null });
  await expect(
    migrated.prisma.messageFlag.create({
      data: { id: randomUUID(), messageId: snapshot.messageId, flaggedBy: sender, reason: 'odd', priority: 6 },
    }),
  ).rejects.toThrow();
  const entry = await migrated.prisma.adminAuditLog.create({
    data: {
      id: randomUUID(),
      adminId: sender,
      actionType: 'report_resolve',
      description: 'Resolved',
      details: { notes: 'x' },
    },
  });
  expect(entry).toMatchObject({ success: true, errorMessage: null, details: { notes: 'x' } });
  await expect(
    migrated.prisma.adminAuditLog.update({ where: { id: entry.id }, data: { description: 'changed' } }),
  ).rejects.toThrow();
  await expect(migrated.prisma.adminAuditLog.delete({ where: { id: entry.id } })).rejects.toThrow();
  const logged = await migrated.prisma.moderationLog.create({
    data: { id: randomUUID(), moderatorId: sender, action: 'lock', details: { discussionId: 'd' } },
  });
  expect(logged).toMatchObject({ targetUserId: null, reason: null });
  const postReport = await migrated.prisma.postReport.create({
    data: {
      id: randomUUID(),
      reporterId: sender,
      authorId: randomUUID(),
      discussionId: randomUUID(),
      discussionTitle: 'A title',
      content: 'What the post said',
      reportType: 'threat',
      createdAt: new Date(),
    },
  });
  expect(
    await migrated.prisma.postReport.update({
      where: { id: postReport.id },
      data: { isResolved: true, outcome: 'suspend', resolution: 'Suspended for a day' },
    }),
  ).toMatchObject({ replyId: null, outcome: 'suspend' });
});
