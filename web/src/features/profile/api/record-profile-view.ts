import { profileRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';

/** A visit to someone else's profile (the service ignores the owner's own); the time spent follows on leaving. */
export async function recordProfileView(userId: string): Promise<string | null> {
  const { id } = await callRoute(profileRoutes.recordView, {
    params: { id: userId },
    body: { referrer: document.referrer || null },
  });
  return id;
}
