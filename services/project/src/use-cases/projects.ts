import { PROJECT_MESSAGES, type Project } from '@crucible/proto';
import { NotFoundError, type Caller } from '@crucible/platform';
import { taskAttachments } from '../repositories/attachments.ts';
import { projects } from '../repositories/projects.ts';
import { requireOwnerOrAdmin, requireProjectAccess } from './access.ts';
import { deleteBlobsLater } from './attachments.ts';
import type { ProjectContext } from './context.ts';
import { inTransaction } from './context.ts';

type ProjectInput = { title: string; description?: string | null };

export async function listProjects(ctx: ProjectContext, caller: Caller): Promise<Project[]> {
  requireProjectAccess(caller);
  return projects.list(ctx.prisma);
}

export async function getProject(ctx: ProjectContext, caller: Caller, projectId: string): Promise<Project> {
  requireProjectAccess(caller);
  const project = await projects.find(ctx.prisma, projectId);
  if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
  return project;
}

export async function createProject(ctx: ProjectContext, caller: Caller, input: ProjectInput): Promise<Project> {
  requireProjectAccess(caller);
  const id = await projects.create(ctx.prisma, {
    title: input.title,
    description: input.description ?? null,
    ownerId: caller.userId,
  });
  return getProject(ctx, caller, id);
}

export async function updateProject(
  ctx: ProjectContext,
  caller: Caller,
  projectId: string,
  changes: Partial<ProjectInput>,
): Promise<Project> {
  requireProjectAccess(caller);
  await inTransaction(ctx, async (tx) => {
    const project = await projects.lock(tx, projectId);
    if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    requireOwnerOrAdmin(caller, project.ownerId);
    await projects.update(tx, projectId, {
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.description !== undefined && { description: changes.description }),
    });
  });
  return getProject(ctx, caller, projectId);
}

/** Deletes the project with its tasks and their lists; the tasks' audit rows stay. */
export async function deleteProject(ctx: ProjectContext, caller: Caller, projectId: string): Promise<void> {
  requireProjectAccess(caller);
  const keys = await inTransaction(ctx, async (tx) => {
    const project = await projects.lock(tx, projectId);
    if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    requireOwnerOrAdmin(caller, project.ownerId);
    const attachmentKeys = await taskAttachments.keysOfProject(tx, projectId);
    await projects.delete(tx, projectId);
    return attachmentKeys;
  });
  // The rows went with the tasks; their files follow once that is committed.
  deleteBlobsLater(ctx, keys);
}
