import {
  PROJECT_MESSAGES,
  SUBJECTS,
  isCoreOrAdmin,
  FORMER_MEMBER_NAME,
  type TaskComment,
  type TaskCommentedPayload,
  type UserEventPayload,
} from '@crucible/proto';
import { BadRequestError, NotFoundError, type Caller } from '@crucible/platform';
import { taskComments, type CommentRow } from '../repositories/comments.ts';
import type { Db } from '../repositories/db.ts';
import { tasks } from '../repositories/tasks.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import { requireProjectAccess } from './access.ts';
import { inTransaction, type ProjectContext } from './context.ts';
import { namesOf } from './people.ts';

const EXCERPT_MAX = 140;
const excerptOf = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

function toComment(row: CommentRow, names: Map<string, string>): TaskComment {
  return {
    id: row.id,
    taskId: row.taskId,
    authorId: row.authorId,
    authorName: names.get(row.authorId) ?? FORMER_MEMBER_NAME,
    content: row.content,
    mentions: row.mentions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only those who may open the task (Core members and admins) can be mentioned on it. */
async function requireMentionable(ctx: ProjectContext, db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = await userReplica.findMany(db, ids);
  const filled = await ctx.users.fillMissing(
    ids,
    known.map((user) => user.id),
  );
  const users = new Map<string, KnownUser | UserEventPayload>([...known, ...filled].map((user) => [user.id, user]));
  if (ids.some((id) => !users.has(id) || !isCoreOrAdmin(users.get(id)!)))
    throw new BadRequestError(PROJECT_MESSAGES.mentionNotMember);
}

export async function listTaskComments(ctx: ProjectContext, caller: Caller, taskId: string): Promise<TaskComment[]> {
  requireProjectAccess(caller);
  if (!(await tasks.projectOf(ctx.prisma, taskId))) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
  const rows = await taskComments.ofTask(ctx.prisma, taskId);
  const names = await namesOf(
    ctx,
    ctx.prisma,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => toComment(row, names));
}

/**
 * Stores a comment and tells the members it concerns (project.task.commented): those it mentions
 * and the task's assignees, never its author. A mention of someone who cannot open projects is a 400.
 */
export async function createTaskComment(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  input: { content: string; mentions: string[] },
): Promise<TaskComment> {
  requireProjectAccess(caller);
  const mentions = [...new Set(input.mentions)].filter((id) => id !== caller.userId);
  return inTransaction(ctx, async (tx, emit) => {
    const task = await tasks.find(tx, taskId);
    if (!task) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
    await requireMentionable(ctx, tx, mentions);
    const row = await taskComments.create(tx, { taskId, authorId: caller.userId, content: input.content, mentions });
    const names = await namesOf(ctx, tx, [caller.userId]);
    const comment = toComment(row, names);
    const payload: TaskCommentedPayload = {
      commentId: comment.id,
      taskId,
      projectId: task.projectId,
      title: task.title,
      authorId: caller.userId,
      authorName: comment.authorName,
      excerpt: excerptOf(comment.content),
      mentionedIds: mentions,
      assigneeIds: task.assignees,
    };
    await emit(SUBJECTS.projectTaskCommented, payload);
    return comment;
  });
}
