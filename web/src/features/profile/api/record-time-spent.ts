import { profileRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';

/** How long the member stayed on the profile whose view `viewId` recorded, sent on leaving. */
export async function recordTimeSpent(userId: string, viewId: string, timeSpent: number): Promise<void> {
  await callRoute(profileRoutes.recordViewTime, { params: { id: userId, viewId }, body: { timeSpent } });
}
