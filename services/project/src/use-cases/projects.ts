import { PROJECT_MESSAGES, type Project } from '@crucible/proto';
import { NotFoundError } from '@crucible/platform';
import { taskAttachments } from '../repositories/attachments.ts';
import { projects } from '../repositories/projects.ts';
import { requireOwnerOrAdmin, requireProjectAccess, type Viewer } from './access.ts';
import { deleteBlobsLater } from './attachments.ts';
import type { ProjectContext } from './context.ts';
import { inTransaction } from './context.ts';

type ProjectInput = { title: string; description?: string | null };

export async function listProjects(ctx: ProjectContext, viewer: Viewer): Promise<Project[]> {
  requireProjectAccess(viewer);
  return projects.list(ctx.prisma);
}

export async function getProject(ctx: ProjectContext, viewer: Viewer, projectId: string): Promise<Project> {
  requireProjectAccess(viewer);
  const project = await projects.find(ctx.prisma, projectId);
  if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
  return project;
}

export async function createProject(ctx: ProjectContext, viewer: Viewer, input: ProjectInput): Promise<Project> {
  requireProjectAccess(viewer);
  const id = await projects.create(ctx.prisma, {
    title: input.title,
    description: input.description ?? null,
    ownerId: viewer.id,
  });
  return getProject(ctx, viewer, id);
}

export async function updateProject(
  ctx: ProjectContext,
  viewer: Viewer,
  projectId: string,
  changes: Partial<ProjectInput>,
): Promise<Project> {
  requireProjectAccess(viewer);
  await inTransaction(ctx, async (tx) => {
    const project = await projects.lock(tx, projectId);
    if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    requireOwnerOrAdmin(viewer, project.ownerId);
    await projects.update(tx, projectId, {
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.description !== undefined && { description: changes.description }),
    });
  });
  return getProject(ctx, viewer, projectId);
}

/** Deletes the project with its tasks and their lists; the tasks' audit rows stay. */
export async function deleteProject(ctx: ProjectContext, viewer: Viewer, projectId: string): Promise<void> {
  requireProjectAccess(viewer);
  const keys = await inTransaction(ctx, async (tx) => {
    const project = await projects.lock(tx, projectId);
    if (!project) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    requireOwnerOrAdmin(viewer, project.ownerId);
    const attachmentKeys = await taskAttachments.keysOfProject(tx, projectId);
    await projects.delete(tx, projectId);
    return attachmentKeys;
  });
  // The rows went with the tasks; their files follow once that is committed.
  deleteBlobsLater(ctx, keys);
}
