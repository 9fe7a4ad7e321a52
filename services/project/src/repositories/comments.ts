import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export interface CommentRow {
  id: string;
  taskId: string;
  authorId: string;
  content: string;
  mentions: string[];
  createdAt: Date;
}

export const taskComments = {
  create: (db: Db, data: { taskId: string; authorId: string; content: string; mentions: string[] }) =>
    db.taskComment.create({ data: { id: randomUUID(), ...data } }),
  ofTask: (db: Db, taskId: string): Promise<CommentRow[]> =>
    db.taskComment.findMany({ where: { taskId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
};
