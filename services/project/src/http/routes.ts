import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { projectRoutes as routes } from '@crucible/proto';
import { DOWNLOAD_SAFETY_HEADERS, createRouteMounter, type TokenVerifier } from '@crucible/platform';
import type { ProjectContext } from '../use-cases/context.ts';
import * as attachments from '../use-cases/attachments.ts';
import * as comments from '../use-cases/comments.ts';
import * as people from '../use-cases/people.ts';
import * as projects from '../use-cases/projects.ts';
import * as tasks from '../use-cases/tasks.ts';

export function registerProjectRoutes(router: Router, deps: { ctx: ProjectContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.listProjects, ({ caller }) => projects.listProjects(ctx, caller));
  mount(routes.createProject, ({ body, caller }) => projects.createProject(ctx, caller, body));
  // Before /api/projects/:projectId, which would take 'people' for an id.
  mount(routes.listProjectPeople, ({ caller }) => people.listProjectPeople(ctx, caller));
  mount(routes.getProject, ({ params, caller }) => projects.getProject(ctx, caller, params.projectId));
  mount(routes.updateProject, ({ params, body, caller }) =>
    projects.updateProject(ctx, caller, params.projectId, body),
  );
  mount(routes.deleteProject, ({ params, caller }) => projects.deleteProject(ctx, caller, params.projectId));

  // The list is JSON text built once per version of the project's tasks (thousands of them): it goes
  // out as it is, not parsed and serialized again.
  mount.raw(routes.listProjectTasks, async ({ params, caller }, _req, res) => {
    res.type('application/json').send(await tasks.listProjectTasks(ctx, caller, params.projectId));
  });
  mount(routes.createTask, ({ params, body, caller }) => tasks.createTask(ctx, caller, params.projectId, body));
  mount(routes.orderBoardColumn, ({ params, body, caller }) =>
    tasks.orderBoardColumn(ctx, caller, params.projectId, body),
  );
  mount(routes.getTask, ({ params, caller }) => tasks.getTask(ctx, caller, params.taskId));
  mount(routes.updateTask, ({ params, body, caller }) => tasks.updateTask(ctx, caller, params.taskId, body));
  mount(routes.deleteTask, ({ params, caller }) => tasks.deleteTask(ctx, caller, params.taskId));

  mount(routes.listTaskDependencies, ({ params, caller }) => tasks.listDependencies(ctx, caller, params.taskId));
  mount(routes.addTaskDependency, ({ params, body, caller }) =>
    tasks.addDependency(ctx, caller, params.taskId, body.dependsOnTaskId),
  );
  mount(routes.clearTaskDependencies, ({ params, caller }) => tasks.clearDependencies(ctx, caller, params.taskId));
  mount(routes.listTaskAssignees, ({ params, caller }) => tasks.listAssignees(ctx, caller, params.taskId));
  mount(routes.listTaskAudit, ({ params, caller }) => tasks.listAudit(ctx, caller, params.taskId));

  mount(routes.listTaskComments, ({ params, caller }) => comments.listTaskComments(ctx, caller, params.taskId));
  mount(routes.createTaskComment, ({ params, body, caller }) =>
    comments.createTaskComment(ctx, caller, params.taskId, body),
  );

  mount(routes.listTaskAttachments, ({ params, caller }) =>
    attachments.listTaskAttachments(ctx, caller, params.taskId),
  );
  mount(routes.requestTaskUpload, ({ params, body, caller }) =>
    attachments.requestTaskUpload(ctx, caller, params.taskId, body),
  );
  mount(routes.recordTaskAttachment, ({ params, body, caller }) =>
    attachments.recordTaskAttachment(ctx, caller, params.taskId, body),
  );
  mount.raw(routes.downloadTaskAttachment, async ({ params, caller }, _req, res) => {
    const download = await attachments.downloadTaskAttachment(ctx, caller, params.taskId, params.attachmentId);
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
  mount(routes.deleteTaskAttachment, ({ params, caller }) =>
    attachments.deleteTaskAttachment(ctx, caller, params.taskId, params.attachmentId),
  );

  mount(routes.listUserTasks, ({ params, caller }) => tasks.listUserTasks(ctx, caller, params.userId));
}
