import { z } from 'zod';
import {
  PROJECT_MESSAGES,
  projectCreateSchema,
  projectPatchSchema,
  projectSchema,
  taskAssigneeSchema,
  taskAuditSchema,
  taskCreateSchema,
  taskDependencyCreateSchema,
  taskDependencySchema,
  taskPatchSchema,
  taskSchema,
} from '../project.ts';
import { defineRoutes, pathId } from './route.ts';

const projectPath = z.object({ projectId: pathId(PROJECT_MESSAGES.projectNotFound) });
const taskPath = z.object({ taskId: pathId(PROJECT_MESSAGES.taskNotFound) });
const userPath = z.object({ userId: pathId(PROJECT_MESSAGES.userNotFound) });

/**
 * Every call the project service answers (spec 3 section 7 plus delete, rename, audit and
 * attachments). Every one of them is for Core members and admins only: the use cases answer 403
 * to anyone else. Core users (GET /api/users/core) stay with auth, their one owner.
 */
export const projectRoutes = defineRoutes({
  listProjects: {
    method: 'GET',
    path: '/api/projects',
    auth: 'member',
    summary: 'Every project, with its derived completion and assignees (Core and Admin only)',
    responses: { 200: z.array(projectSchema) },
  },
  createProject: {
    method: 'POST',
    path: '/api/projects',
    auth: 'member',
    summary: 'Create a project owned by the caller',
    body: projectCreateSchema,
    responses: { 201: projectSchema },
  },
  getProject: {
    method: 'GET',
    path: '/api/projects/:projectId',
    auth: 'member',
    summary: 'One project',
    pathParams: projectPath,
    responses: { 200: projectSchema },
  },
  updateProject: {
    method: 'PATCH',
    path: '/api/projects/:projectId',
    auth: 'member',
    summary: 'Rename or re-describe a project (its owner or an admin)',
    pathParams: projectPath,
    body: projectPatchSchema,
    responses: { 200: projectSchema },
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/projects/:projectId',
    auth: 'member',
    summary: 'Delete a project with its tasks (its owner or an admin)',
    pathParams: projectPath,
    responses: { 204: null },
  },
  listProjectTasks: {
    method: 'GET',
    path: '/api/projects/:projectId/tasks',
    auth: 'member',
    summary: 'The tasks of a project, each with its assignees and prerequisites',
    pathParams: projectPath,
    responses: { 200: z.array(taskSchema) },
  },
  createTask: {
    method: 'POST',
    path: '/api/projects/:projectId/tasks',
    auth: 'member',
    summary: 'Create a task (assignees must be Core members; parent and prerequisites of the same project)',
    pathParams: projectPath,
    body: taskCreateSchema,
    responses: { 201: taskSchema },
  },
  getTask: {
    method: 'GET',
    path: '/api/tasks/:taskId',
    auth: 'member',
    summary: 'One task',
    pathParams: taskPath,
    responses: { 200: taskSchema },
  },
  updateTask: {
    method: 'PATCH',
    path: '/api/tasks/:taskId',
    auth: 'member',
    summary: 'Change the fields sent; every change is audited',
    pathParams: taskPath,
    body: taskPatchSchema,
    responses: { 200: taskSchema },
  },
  deleteTask: {
    method: 'DELETE',
    path: '/api/tasks/:taskId',
    auth: 'member',
    summary: 'Delete a task: its subtasks become top-level tasks, its dependency rows go with it',
    pathParams: taskPath,
    responses: { 204: null },
  },
  listTaskDependencies: {
    method: 'GET',
    path: '/api/tasks/:taskId/dependencies',
    auth: 'member',
    summary: "The task's prerequisites",
    pathParams: taskPath,
    responses: { 200: z.array(taskDependencySchema) },
  },
  addTaskDependency: {
    method: 'POST',
    path: '/api/tasks/:taskId/dependencies',
    auth: 'member',
    summary: 'Add one prerequisite (same project, no cycle; 400 names the cycle)',
    pathParams: taskPath,
    body: taskDependencyCreateSchema,
    responses: { 201: taskDependencySchema },
  },
  clearTaskDependencies: {
    method: 'DELETE',
    path: '/api/tasks/:taskId/dependencies',
    auth: 'member',
    summary: "Remove all of the task's prerequisites",
    pathParams: taskPath,
    responses: { 204: null },
  },
  listTaskAssignees: {
    method: 'GET',
    path: '/api/tasks/:taskId/assignees',
    auth: 'member',
    summary: "The task's assignees",
    pathParams: taskPath,
    responses: { 200: z.array(taskAssigneeSchema) },
  },
  listTaskAudit: {
    method: 'GET',
    path: '/api/tasks/:taskId/audit',
    auth: 'member',
    summary: "The task's change history, oldest first",
    pathParams: taskPath,
    responses: { 200: z.array(taskAuditSchema) },
  },
  listUserTasks: {
    method: 'GET',
    path: '/api/users/:userId/tasks',
    auth: 'member',
    summary: 'Tasks assigned to a member, across projects (the dashboard card)',
    pathParams: userPath,
    responses: { 200: z.array(taskSchema) },
  },
});
