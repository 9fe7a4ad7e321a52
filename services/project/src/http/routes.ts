import { pipeline } from 'node:stream/promises';
import type { Request, Router } from 'express';
import { projectRoutes as routes } from '@crucible/proto';
import { DOWNLOAD_SAFETY_HEADERS, createRouteMounter, principalOf, type TokenVerifier } from '@crucible/platform';
import { viewerOf, type Viewer } from '../use-cases/access.ts';
import type { ProjectContext } from '../use-cases/context.ts';
import * as attachments from '../use-cases/attachments.ts';
import * as comments from '../use-cases/comments.ts';
import * as people from '../use-cases/people.ts';
import * as projects from '../use-cases/projects.ts';
import * as tasks from '../use-cases/tasks.ts';

const viewer = (req: Request): Viewer => viewerOf(principalOf(req));

export function registerProjectRoutes(router: Router, deps: { ctx: ProjectContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount.raw(routes.listProjects, async (_input, req, res) => {
    res.json(await projects.listProjects(ctx, viewer(req)));
  });
  mount.raw(routes.createProject, async ({ body }, req, res) => {
    res.status(201).json(await projects.createProject(ctx, viewer(req), body));
  });
  // Before /api/projects/:projectId, which would take 'people' for an id.
  mount.raw(routes.listProjectPeople, async (_input, req, res) => {
    res.json(await people.listProjectPeople(ctx, viewer(req)));
  });
  mount.raw(routes.getProject, async ({ params }, req, res) => {
    res.json(await projects.getProject(ctx, viewer(req), params.projectId));
  });
  mount.raw(routes.updateProject, async ({ params, body }, req, res) => {
    res.json(await projects.updateProject(ctx, viewer(req), params.projectId, body));
  });
  mount.raw(routes.deleteProject, async ({ params }, req, res) => {
    await projects.deleteProject(ctx, viewer(req), params.projectId);
    res.status(204).end();
  });

  mount.raw(routes.listProjectTasks, async ({ params }, req, res) => {
    res.type('application/json').send(await tasks.listProjectTasks(ctx, viewer(req), params.projectId));
  });
  mount.raw(routes.createTask, async ({ params, body }, req, res) => {
    res.status(201).json(await tasks.createTask(ctx, viewer(req), params.projectId, body));
  });
  mount.raw(routes.orderBoardColumn, async ({ params, body }, req, res) => {
    await tasks.orderBoardColumn(ctx, viewer(req), params.projectId, body);
    res.status(204).end();
  });
  mount.raw(routes.getTask, async ({ params }, req, res) => {
    res.json(await tasks.getTask(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.updateTask, async ({ params, body }, req, res) => {
    res.json(await tasks.updateTask(ctx, viewer(req), params.taskId, body));
  });
  mount.raw(routes.deleteTask, async ({ params }, req, res) => {
    await tasks.deleteTask(ctx, viewer(req), params.taskId);
    res.status(204).end();
  });

  mount.raw(routes.listTaskDependencies, async ({ params }, req, res) => {
    res.json(await tasks.listDependencies(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.addTaskDependency, async ({ params, body }, req, res) => {
    res.status(201).json(await tasks.addDependency(ctx, viewer(req), params.taskId, body.dependsOnTaskId));
  });
  mount.raw(routes.clearTaskDependencies, async ({ params }, req, res) => {
    await tasks.clearDependencies(ctx, viewer(req), params.taskId);
    res.status(204).end();
  });
  mount.raw(routes.listTaskAssignees, async ({ params }, req, res) => {
    res.json(await tasks.listAssignees(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.listTaskAudit, async ({ params }, req, res) => {
    res.json(await tasks.listAudit(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.listTaskComments, async ({ params }, req, res) => {
    res.json(await comments.listTaskComments(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.createTaskComment, async ({ params, body }, req, res) => {
    res.status(201).json(await comments.createTaskComment(ctx, viewer(req), params.taskId, body));
  });
  mount.raw(routes.listTaskAttachments, async ({ params }, req, res) => {
    res.json(await attachments.listTaskAttachments(ctx, viewer(req), params.taskId));
  });
  mount.raw(routes.requestTaskUpload, async ({ params, body }, req, res) => {
    res.json(await attachments.requestTaskUpload(ctx, viewer(req), params.taskId, body));
  });
  mount.raw(routes.recordTaskAttachment, async ({ params, body }, req, res) => {
    res.status(201).json(await attachments.recordTaskAttachment(ctx, viewer(req), params.taskId, body));
  });
  mount.raw(routes.downloadTaskAttachment, async ({ params }, req, res) => {
    const download = await attachments.downloadTaskAttachment(ctx, viewer(req), params.taskId, params.attachmentId);
    // As the forum serves attachments: always a download under the original name, never a page.
    res.attachment(download.attachment.originalName);
    res.set({
      'Content-Type': download.attachment.mimeType,
      'Content-Length': String(download.size),
      ...DOWNLOAD_SAFETY_HEADERS,
      'Cache-Control': 'private, max-age=0, must-revalidate',
    });
    await pipeline(await download.open(), res);
  });
  mount.raw(routes.deleteTaskAttachment, async ({ params }, req, res) => {
    await attachments.deleteTaskAttachment(ctx, viewer(req), params.taskId, params.attachmentId);
    res.status(204).end();
  });
  mount.raw(routes.listUserTasks, async ({ params }, req, res) => {
    res.json(await tasks.listUserTasks(ctx, viewer(req), params.userId));
  });
}
