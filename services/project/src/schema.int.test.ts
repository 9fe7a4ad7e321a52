/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/test-kit';
import { PROJECT_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

const migrated = useMigratedDatabase({
  prefix: 'project_schema',
  schema: 'project',
  migrationsDir: PROJECT_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await migrated.database.migrate();
  const owner = randomUUID();
  await migrated.prisma.user.create({
    data: { id: owner, email: 'ada@example.org', firstName: 'Ada', accessLevel: 'Core' },
  });
  const project = await migrated.prisma.project.create({ data: { id: randomUUID(), title: 'Launch', ownerId: owner } });
  const parent = await migrated.prisma.task.create({
    data: { id: randomUUID(), projectId: project.id, title: 'Parent' },
  });
  expect(parent).toMatchObject({ status: 'ToDo', priority: 'Medium', completionPercentage: 0, dueDate: null });
  const child = await migrated.prisma.task.create({
    data: {
      id: randomUUID(),
      projectId: project.id,
      title: 'Child',
      status: 'InProgress',
      priority: 'Critical',
      parentTaskId: parent.id,
      assigneeId: owner,
      dueDate: new Date('2026-03-01T00:00:00Z'),
      completionPercentage: 55,
    },
  });
  await migrated.prisma.taskAssignee.create({
    data: { id: randomUUID(), taskId: child.id, userId: owner, assignedBy: owner },
  });
  await migrated.prisma.taskDependency.create({
    data: { id: randomUUID(), taskId: child.id, dependsOnTaskId: parent.id },
  });
  await migrated.prisma.taskAudit.create({
    data: {
      id: randomUUID(),
      taskId: child.id,
      userId: owner,
      action: 'updated',
      fieldName: 'status',
      oldValue: 'To Do',
      newValue: 'In Progress',
    },
  });
  const read = await migrated.prisma.task.findUniqueOrThrow({
    where: { id: child.id },
    include: { assignees: true, dependencies: true, parent: true },
  });
  expect(read.parent?.title).toBe('Parent');
  expect(read.assignees.map((row) => row.userId)).toEqual([owner]);
  expect(read.dependencies.map((row) => row.dependsOnTaskId)).toEqual([parent.id]);
  expect(read.dueDate?.toISOString().slice(0, 10)).toBe('2026-03-01');
  const [stored] = await migrated.prisma.$queryRawUnsafe<{ status: string }[]>(
    `SELECT status::text AS status FROM tasks WHERE id = $1::uuid`,
    child.id,
  );
  expect(stored?.status).toBe('In Progress');
  expect(await migrated.prisma.taskAudit.count({ where: { taskId: child.id } })).toBe(1);
  const filePath = `task-attachments/${owner}/${randomUUID()}`;
  await migrated.prisma.taskAttachmentUpload.create({
    data: {
      filePath,
      uploadKey: filePath.replace('task-attachments/', 'task-uploads/'),
      taskId: child.id,
      uploadedBy: owner,
      declaredBytes: 10,
      expiresAt: new Date(Date.now() + 60_000),
    },
  });
  await migrated.prisma.taskAttachment.create({
    data: {
      id: randomUUID(),
      taskId: child.id,
      fileName: 'a.png',
      originalName: 'a.png',
      fileSize: 10,
      mimeType: 'image/png',
      type: 'image',
      filePath,
      uploadedBy: owner,
    },
  });
  expect((await migrated.prisma.taskAttachment.findFirstOrThrow({ include: { task: true } })).task.title).toBe('Child');

  // Deleting the parent keeps the child as a top-level task and drops the dependency row.
  await migrated.prisma.task.delete({ where: { id: parent.id } });
  expect((await migrated.prisma.task.findUniqueOrThrow({ where: { id: child.id } })).parentTaskId).toBeNull();
  expect(await migrated.prisma.taskDependency.count()).toBe(0);
  await migrated.prisma.project.delete({ where: { id: project.id } });
  expect(await migrated.prisma.task.count()).toBe(0);
  expect(await migrated.prisma.taskAssignee.count()).toBe(0);
  expect(await migrated.prisma.taskAttachment.count()).toBe(0);
  expect(await migrated.prisma.taskAudit.count()).toBe(1);
});
