import { projectRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';

/** Read when the edit dialog opens: null when the read failed, as for the prerequisites. */
export async function getTaskAssignees(taskId: string): Promise<string[] | null> {
  try {
    const records = await callRoute(projectRoutes.listTaskAssignees, { params: { taskId } });
    return records.map((record) => record.userId);
  } catch {
    return null;
  }
}
