import { projectRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * Read when the edit dialog opens: null when the read failed. The dialog then opens with an empty
 * list but says so and leaves the stored list alone unless it is changed.
 */
export async function getTaskPrerequisites(taskId: string): Promise<string[] | null> {
  try {
    const records = await callRoute(projectRoutes.listTaskDependencies, { params: { taskId } });
    return records.map((record) => record.dependsOnTaskId);
  } catch {
    return null;
  }
}
