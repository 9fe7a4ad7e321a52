import type { Tx } from './db.ts';

/**
 * What project changes for a deleted member (deploy/RUNBOOK.md, "User deletion"): tasks assigned to
 * them become unassigned. Projects they own, tasks they made and the task history stay: they are the
 * team's work, and the Core team (or an admin) takes them over.
 */
export async function purgeMember(tx: Tx, userId: string): Promise<void> {
  await tx.$executeRaw`UPDATE tasks SET assignee_id = NULL WHERE assignee_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM task_assignees WHERE user_id = ${userId}::uuid`;
}
